// CPU time used by processes, from /proc (Linux), to say where a benchmark's time went.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat: 100 on every Linux this runs on. */
const TICK_MS = 10;

function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
}

/** User + system CPU time a process has used so far, in ms (utime and stime: fields 14 and 15). */
export function cpuMs(pid) {
  const { fields } = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU time used so far by each process named `name` (default: PostgreSQL's), in ms by pid. */
export function cpuMsByName(name = 'postgres') {
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { comm, fields } = statFields(entry);
      if (comm === name) byPid.set(entry, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/**
 * CPU time the processes of two `cpuMsByName` readings used in between, in ms: the growth of
 * those alive at both, and all of those started since. The work of processes that ended in
 * between is not counted.
 */
export function cpuMsBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** This process's own CPU time so far, in ms. */
export function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
