// Preloaded into a benchmark's server (node --import): a V8 CPU profile of exactly the measured
// window. The first SIGUSR2 starts the profiler, the next one stops it and writes the profile to
// BENCH_PROFILE_FILE (--cpu-prof covers the whole process, start-up and sign-ins included).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) process.stderr.write(`profile-window: ${error.message}\n`);
    else writeFileSync(process.env.BENCH_PROFILE_FILE ?? 'window.cpuprofile', JSON.stringify(result.profile));
  });
});
