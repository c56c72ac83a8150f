// A Vitest reporter for `npm test`: writes the run's unhandled errors (which fail a run without
// failing any test, and which the JSON reporter leaves out) to the file in UNHANDLED_ERRORS_FILE.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      message: String(error?.message ?? error),
      stack: String(error?.stack ?? '').slice(0, 2000),
      origin: error?.VITEST_TEST_PATH ?? error?.testPath ?? null,
    }));
    writeFileSync(file, JSON.stringify(errors));
  }
}
