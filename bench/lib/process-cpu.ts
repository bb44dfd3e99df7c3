import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) a process and every process under it have used, from Linux's
 * /proc; null elsewhere. The bench's server is a child of the `tsx` it was started with.
 * On a shared machine wall time waits for other work; CPU time is what the work cost.
 */
export function processTreeCpuMs(pid: number): number | null {
  if (process.platform !== 'linux') return null;
  try {
    return treeTicks(pid) * (1000 / 100); // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

function treeTicks(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(f[11]) + Number(f[12]);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  for (const c of children ? children.split(' ') : []) {
    try {
      ticks += treeTicks(Number(c));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}
