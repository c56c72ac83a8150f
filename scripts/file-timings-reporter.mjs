// A Vitest reporter for `npm test`: writes each test file's time to the file in FILE_TIMINGS_FILE,
// set-up included (environment, import and collection, setup files, then every test and hook), for
// the closing timing report (issue 32). The JSON reporter's per-file times leave the set-up out.
import { writeFileSync } from 'node:fs';

export default class FileTimingsReporter {
  onTestRunEnd(testModules) {
    const file = process.env.FILE_TIMINGS_FILE;
    if (!file) return;
    const times = testModules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { name: module.moduleId, project: module.project.name, seconds: ms / 1000 };
    });
    writeFileSync(file, JSON.stringify(times));
  }
}
