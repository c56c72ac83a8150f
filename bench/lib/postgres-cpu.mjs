// CPU time of one PostgreSQL instance (its postmaster and the processes it forked), and its
// statements' statistics (pg_stat_statements) when the instance has them: where a benchmark's
// database time went, apart from the other instances and programs on a shared machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICK_MS = 10;

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return { ppid: fields[1], ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
}

/**
 * The postmaster's pid of the instance `client` is connected to (read from postmaster.pid in its
 * data directory, which needs a superuser and the same machine), or null when it cannot be known.
 */
export async function postmasterPid(client) {
  try {
    const { rows } = await client.query('show data_directory');
    const pid = readFileSync(join(rows[0].data_directory, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    return /^\d+$/.test(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A reader of the instance's CPU time in ms by pid (postmaster and children): call `sample()` now
 * and then (backends that end between two samples keep their last reading), `total()` for the
 * sum so far. With `postmaster` null, every process named postgres on the machine counts.
 */
export function instanceCpu(postmaster) {
  const seen = new Map();
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (postmaster === null) {
          const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
          if (comm !== 'postgres') continue;
          seen.set(entry, stat(entry).ms);
        } else if (entry === postmaster) {
          seen.set(entry, stat(entry).ms);
        } else {
          const s = stat(entry);
          if (s.ppid === postmaster) seen.set(entry, s.ms);
        }
      } catch {
        // The process ended while we looked.
      }
    }
    return total();
  };
  const total = () => {
    let ms = 0;
    for (const v of seen.values()) ms += v;
    return ms;
  };
  return { sample, total, scope: postmaster === null ? 'every postgres process' : `instance ${postmaster}` };
}

/** Whether pg_stat_statements can be read in `client`'s database (created and preloaded). */
export async function hasStatementStats(client) {
  try {
    await client.query('select 1 from pg_stat_statements limit 1');
    return true;
  } catch {
    return false;
  }
}

export async function resetStatementStats(client) {
  await client.query('select pg_stat_statements_reset()');
}

/**
 * The `limit` statements with the most total execution time since the reset, in this database,
 * and the `limit` called most often.
 */
export async function topStatements(client, limit = 15) {
  const select = (order) =>
    client.query(
      `select calls::int, round(total_exec_time::numeric, 1)::float as total_ms,
       round(mean_exec_time::numeric, 3)::float as mean_ms, rows::int,
       round(total_plan_time::numeric, 1)::float as plan_ms,
       regexp_replace(query, '\\s+', ' ', 'g') as query
     from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = current_database() and query not like '%pg_stat_statements%'
     order by ${order} desc limit $1`,
      [limit],
    );
  const { rows } = await select('total_exec_time');
  const { rows: often } = await select('calls');
  const { rows: all } = await client.query(
    `select coalesce(sum(calls), 0)::int as calls, round(coalesce(sum(total_exec_time), 0)::numeric, 1)::float as total_ms
     from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = current_database() and query not like '%pg_stat_statements%'`,
  );
  const short = (r) => ({ ...r, query: r.query.slice(0, 400) });
  return { all: all[0], top: rows.map(short), most_called: often.map(short) };
}
