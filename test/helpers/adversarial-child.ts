/**
 * One adversarial content folder, checked and built in a process of its own (started by
 * test/adversarial-bodies.test.ts with a heap cap and a kill timeout): prints one JSON line with
 * both outcomes and what the build cost.
 *
 * Usage: node --import tsx test/helpers/adversarial-child.ts <content dir> <out dir>
 */
import { build, checkContent } from '../../build/index.ts';
import { outcome } from './content-outcome.ts';
import type { Outcome } from './content-outcome.ts';

export type { Outcome };

export interface ChildReport {
  checked: Outcome;
  built: Outcome;
  /** CPU time of the build alone (user and system, all threads), in milliseconds. */
  buildCpuMs: number;
  /** Peak resident memory of the whole process, in MB. */
  peakRssMb: number;
}

/** A fixed build time and commit, as every test build has. */
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

const [contentDir, outDir] = process.argv.slice(2);
const checked = await outcome(() => checkContent(contentDir));
const before = process.cpuUsage();
const built = await outcome(() => build({ contentDir, outDir, constantsFile: null, env: ENV }));
const cpu = process.cpuUsage(before);
const report: ChildReport = {
  checked,
  built,
  buildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
console.log(JSON.stringify(report));
