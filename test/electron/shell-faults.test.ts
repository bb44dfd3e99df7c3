// The shell's decisions on faults, as plain functions: what a crash, a hang, a failed start,
// a server that keeps dying and a link without a click lead to.
import { describe, expect, it } from 'vitest';
import { PathGrants } from '../../main/core/path-grants';
import { nextAttempt, restartDelayMs, restartMessage } from '../../main/core/restart-policy';
import {
  crashPageHtml,
  errorBox,
  isExpectedExit,
  rendererGoneAction,
  ShownErrors,
  unresponsiveAction,
} from '../../main/electron/faults';
import { isAppEntry } from '../../main/electron/navigation';
import { GestureGate, isGestureInput } from '../../main/electron/user-gesture';

describe('renderer crashes', () => {
  it('reloads the first time, shows the error page when it dies again soon after', () => {
    expect(rendererGoneAction(null, 1_000)).toBe('reload');
    expect(rendererGoneAction(1_000, 5_000)).toBe('error-page');
    expect(rendererGoneAction(1_000, 1_000 + 60_000)).toBe('reload');
    expect(isExpectedExit('clean-exit')).toBe(true);
    expect(isExpectedExit('crashed')).toBe(false);
  });

  it('the error page escapes the reason and offers Reload to the app start page only', () => {
    const html = crashPageHtml('<oom>');
    expect(html).toContain('&#60;oom&#62;');
    expect(html).not.toContain('<script');
    expect(html).toContain('href="quotedesk://app/index.html">Reload</a>');
    expect(isAppEntry('quotedesk://app/index.html')).toBe(true);
    expect(isAppEntry('quotedesk://app/other.html')).toBe(false);
    expect(isAppEntry('https://app/index.html')).toBe(false);
  });
});

describe('errors shown to the user', () => {
  it('name what happened, the reason and where the log is', () => {
    const box = errorBox('Quotedesk could not start', new Error('EACCES: data folder'), '/l/q.log');
    expect(box.title).toBe('Quotedesk: Quotedesk could not start');
    expect(box.content).toContain('EACCES: data folder');
    expect(box.content).toContain('/l/q.log');
    expect(errorBox('x', 'plain', '/l').content).toContain('plain');
  });

  it('an error that repeats is shown once (and logged every time by the shell)', () => {
    const shown = new ShownErrors();
    expect(shown.firstTime(new Error('disk full'))).toBe(true);
    expect(shown.firstTime(new Error('disk full'))).toBe(false);
    expect(shown.firstTime(new Error('other'))).toBe(true);
    expect(shown.firstTime('plain')).toBe(true);
  });

  it('a hung window: Wait keeps it, Reload reloads', () => {
    expect(unresponsiveAction(0)).toBe('wait');
    expect(unresponsiveAction(1)).toBe('reload');
  });
});

describe('embedded server restarts', () => {
  it('back off 1, 2, 4 … s up to 30 s, and start over after a healthy minute', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(nextAttempt(0, 500)).toBe(1);
    expect(nextAttempt(3, 500)).toBe(4);
    expect(nextAttempt(3, 60_000)).toBe(0);
    expect(restartMessage(4000)).toMatch(/starting it again in 4 s/);
  });
});

describe('what main trusts from the UI', () => {
  it('paths only from its own dialogs, open and save apart', () => {
    const g = new PathGrants();
    expect(g.mayRead('/home/me/a.pdf')).toBe(false);
    g.grantOpen(['/home/me/a.pdf']);
    g.grantSave('/home/me/out.zip');
    expect(g.mayRead('/home/me/a.pdf')).toBe(true);
    expect(g.mayRead('/home/me/x/../a.pdf')).toBe(true);
    expect(g.mayRead('/home/me/out.zip')).toBe(false);
    expect(g.mayWrite('/home/me/a.pdf')).toBe(false);
    expect(g.mayWrite('/home/me/out.zip')).toBe(true);
    expect(g.mayRead('a.pdf')).toBe(false);
  });

  it('links only right after a key press or click, one per gesture', () => {
    const gate = new GestureGate(5_000);
    expect(gate.consume(0)).toBe(false);
    gate.note(1_000);
    expect(gate.consume(2_000)).toBe(true);
    expect(gate.consume(2_001)).toBe(false);
    gate.note(10_000);
    expect(gate.consume(16_000)).toBe(false);
    expect(isGestureInput('keyDown')).toBe(true);
    expect(isGestureInput('mouseDown')).toBe(true);
    expect(isGestureInput('mouseMove')).toBe(false);
  });
});
