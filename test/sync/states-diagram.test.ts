import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYNC_EVENTS, SYNC_STATES, nextSyncState } from '../../main/store';

// The state diagram in main/sync/README.md is the transition table drawn: every change of
// state the table allows, one line per pair of states with its events, and nothing else.
describe('the sync state diagram in main/sync/README.md', () => {
  it('draws exactly the transitions of the table', () => {
    const expected: string[] = [];
    for (const from of SYNC_STATES) {
      for (const to of SYNC_STATES) {
        const events = SYNC_EVENTS.filter((e) => from !== to && nextSyncState(from, e) === to);
        if (events.length) expected.push(`${from} --> ${to} : ${events.join(', ')}`);
      }
    }
    const readme = readFileSync(path.join(__dirname, '../../main/sync/README.md'), 'utf8');
    const block = /```mermaid\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const drawn = block
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes('-->') && !l.startsWith('[*]'));
    // On failure, the lines the diagram should have are printed in full.
    expect(drawn.sort().join('\n')).toBe(expected.sort().join('\n'));
  });
});
