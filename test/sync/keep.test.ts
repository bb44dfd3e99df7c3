// The safety net's decisions (main/sync/keep.ts): which missing entities stop a round, which
// send it back to read again, and which are deletes to accept.
import { describe, expect, it } from 'vitest';
import { checkCommit, removalLoses, RoundTrack, withoutKept } from '../../main/sync/keep';
import { emptyQuote, type HeaderState, type QuoteState } from '../../main/sync/model';

const header: HeaderState = {
  clientId: 'c',
  expiresOn: '2026-01-01T00:00:00.000Z',
  introMessage: '',
  termsAndDisclaimers: '',
  status: 'draft',
  published: false,
};
const item = { type: 'Custom', productName: 'x' } as never;

function state(items: string[], access: string[] = []): QuoteState {
  const q = emptyQuote(header);
  for (const k of items) q.items[k] = item;
  for (const k of access)
    q.access[k] = { email: `${k}@x`, accountType: null, accountName: null, accountRole: null };
  return q;
}

describe('the safety net', () => {
  it('a removal of an entity the salesperson has, that the merged state has not, is a loss', () => {
    const local = state(['a', 'b']);
    expect(removalLoses('items', ['a', 'b'], local, state(['a']))).toEqual([
      { collection: 'items', key: 'b' },
    ]);
    // A replacement (removed, to be added again) or one deleted here loses nothing.
    expect(removalLoses('items', ['a', 'z'], local, state(['a', 'b']))).toEqual([]);
  });

  it('a commit without an entity this round removed stops the round', () => {
    const track = new RoundTrack();
    track.see(state(['a', 'b']));
    track.removed.add('items:b');
    const v = checkCommit(state(['a', 'b']), state(['a', 'b']), state(['a']), null, track);
    expect(v).toEqual({ ok: false, reread: false, lost: [{ collection: 'items', key: 'b' }] });
  });

  it('a commit without an entity never on the server nor in the base stops the round', () => {
    const v = checkCommit(
      state(['a'], ['r']),
      state(['a'], ['r']),
      state(['a']),
      state(['a']),
      new RoundTrack(),
    );
    expect(v).toEqual({ ok: false, reread: false, lost: [{ collection: 'access', key: 'r' }] });
  });

  it('one seen on the server in this round and gone since was removed by someone else: read again', () => {
    const track = new RoundTrack();
    track.see(state(['a', 'b']));
    const v = checkCommit(
      state(['a', 'b']),
      state(['a', 'b']),
      state(['a']),
      state(['a', 'b']),
      track,
    );
    expect(v).toMatchObject({ ok: false, reread: true });
  });

  it('one the server deleted after a base that had it, or the user deleted meanwhile, may go', () => {
    const track = new RoundTrack();
    track.see(state(['a']));
    expect(
      checkCommit(state(['a', 'b']), state(['a', 'b']), state(['a']), state(['a', 'b']), track),
    ).toEqual({ ok: true });
    expect(checkCommit(state(['a', 'b']), state(['a']), state(['a']), null, track)).toEqual({
      ok: true,
    });
  });

  it('entities kept by a stopped round leave the base, so the next round sends them again', () => {
    const base = state(['a', 'b']);
    const out = withoutKept(base, [{ collection: 'items', key: 'b' }])!;
    expect(Object.keys(out.items)).toEqual(['a']);
    expect(Object.keys(base.items)).toEqual(['a', 'b']);
  });
});
