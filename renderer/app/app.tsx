import { lazy, Suspense, useEffect } from 'react';
import { QuoteList } from '../quotes/quote-list';
import { useNav, type Route } from '../state/nav';
import { useSync } from '../state/sync';
import { StatusBar } from '../sync/status-bar';
import { StoreNotice } from '../sync/store-notice';
import { useStoreHealth } from '../state/store-health';
import { Toasts } from '../ui';
import { runCommand, shortcutFor } from './commands';
import { useEvents } from './use-events';
import { useAppInfo } from '../state/app-info';
import { useStoreAccess } from '../protection/use-store-access';
import { useFollowUpUpdates } from '../follow-ups/use-follow-ups';
import { useFollowUps } from '../state/follow-ups';
import { setAcceptedLockAsker } from '../ipc';
import { acceptedLockAsker, useAcceptedLock } from '../state/accepted-lock';
import { useOnceWanted } from '../ui/once-wanted';

// Screens other than the list load on first use, keeping the first paint small.
const QuoteEditor = lazy(() => import('../editor/quote-editor'));
const ConflictsView = lazy(() => import('../sync/conflicts-view'));
const NeedsAttention = lazy(() => import('../follow-ups/needs-attention'));
const LibraryScreen = lazy(() => import('../library/library-screen'));
const KitsScreen = lazy(() => import('../kits/kits-screen'));
const PreferencesScreen = lazy(() => import('../preferences/preferences-screen'));
const SettingsScreen = lazy(() => import('../settings/settings-screen'));
const PresentScreen = lazy(() => import('../present/present-screen'));
// So are the lock screen and the question before editing an accepted quote, shown on occasion.
const LockScreen = lazy(() =>
  import('../protection/lock-screen').then((m) => ({ default: m.LockScreen })),
);
const AcceptedLockDialog = lazy(() =>
  import('../editor/accepted-lock-dialog').then((m) => ({ default: m.AcceptedLockDialog })),
);

const NAV: { label: string; route: Route; screens: Route['screen'][] }[] = [
  { label: 'Quotes', route: { screen: 'quotes' }, screens: ['quotes', 'quote'] },
  { label: 'Needs attention', route: { screen: 'followUps' }, screens: ['followUps'] },
  { label: 'Conflicts', route: { screen: 'conflicts' }, screens: ['conflicts'] },
  { label: 'Library', route: { screen: 'library' }, screens: ['library'] },
  { label: 'Kits', route: { screen: 'kits' }, screens: ['kits'] },
  { label: 'Preferences', route: { screen: 'preferences' }, screens: ['preferences'] },
  { label: 'Settings', route: { screen: 'settings' }, screens: ['settings'] },
];

// long: the shell: startup checks, global keys and which screen shows, from one navigation state
export function App() {
  const route = useNav((s) => s.route);
  const go = useNav((s) => s.go);
  const conflicts = useSync((s) => s.status?.conflictCount ?? 0);
  const info = useAppInfo((s) => s.info);
  const attention = useFollowUps((s) => s.list?.items.length ?? 0);
  useEvents();
  useFollowUpUpdates();
  const [access, setAccess] = useStoreAccess();
  const askedLock = useOnceWanted(useAcceptedLock((s) => s.question !== null));

  useEffect(() => {
    // An edit from any screen (the editor, present mode's choices) is asked about.
    setAcceptedLockAsker(acceptedLockAsker);
    void useSync.getState().load();
    void useAppInfo.getState().load();
    void useStoreHealth.getState().load();
    const onKey = (e: KeyboardEvent) => {
      // In the desktop app the menu owns the shortcuts and sends app.command instead.
      if (window.quotedesk) return;
      const cmd = shortcutFor(e);
      if (cmd) {
        e.preventDefault();
        runCommand(cmd);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    // Move focus to the new screen's heading so keyboard and screen-reader users land there.
    // The new screen may come a moment later (its code or its data loading, the old screen
    // still shown meanwhile), so wait for a heading that is not the old one; stop as soon as
    // the user has focused something of the new screen.
    const main = document.querySelector('main');
    if (!main) return;
    const oldHeading = main.querySelector('h1');
    const oldFocus = document.activeElement;
    const place = (): boolean => {
      const a = document.activeElement;
      if (a && a !== oldFocus && a !== document.body && a.closest('main')) return true;
      const h = main.querySelector<HTMLElement>('h1');
      if (!h || h === oldHeading) return false;
      h.tabIndex = -1;
      h.focus({ preventScroll: true });
      return true;
    };
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    const t = setTimeout(() => {
      if (!place()) observer.observe(main, { childList: true, subtree: true });
    }, 0);
    const giveUp = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      clearTimeout(t);
      clearTimeout(giveUp);
      observer.disconnect();
    };
  }, [route]);

  if (route.screen === 'present' && access?.state !== 'locked') {
    // The client's screen: none of the app around it (navigation, sync state, notices).
    return (
      <Suspense fallback={null}>
        <PresentScreen key={route.quoteId} quoteId={route.quoteId} />
      </Suspense>
    );
  }
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <nav className="nav" aria-label="Main">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            Q
          </span>
          Quotedesk
        </div>
        {NAV.map((n) => (
          <button
            key={n.label}
            type="button"
            className="nav-link"
            aria-current={n.screens.includes(route.screen) ? 'page' : undefined}
            onClick={() => go(n.route)}
          >
            {n.label}
            {n.label === 'Conflicts' && conflicts > 0 && (
              <span className="nav-badge" aria-label={`${conflicts} open`}>
                {conflicts}
              </span>
            )}
            {n.route.screen === 'followUps' && attention > 0 && (
              <span
                className="nav-badge nav-badge-info"
                aria-label={`${attention} ${attention === 1 ? 'quote' : 'quotes'}`}
              >
                {attention}
              </span>
            )}
          </button>
        ))}
        <div className="nav-spacer" />
        {info && (
          <div className="nav-profile">
            {info.mode === 'browser' ? 'Browser mode' : 'Desktop'} · v{info.version}
          </div>
        )}
      </nav>
      {access?.state === 'locked' ? (
        <Suspense fallback={null}>
          <LockScreen access={access} onOpened={setAccess} />
        </Suspense>
      ) : (
        <main id="main" className="main">
          <StoreNotice />
          <Suspense fallback={<div className="page muted">Loading…</div>}>
            {route.screen === 'quotes' && <QuoteList />}
            {route.screen === 'quote' && (
              <QuoteEditor key={route.quoteId} quoteId={route.quoteId} />
            )}
            {route.screen === 'conflicts' && <ConflictsView quoteId={route.quoteId} />}
            {route.screen === 'followUps' && <NeedsAttention />}
            {route.screen === 'library' && <LibraryScreen />}
            {route.screen === 'kits' && <KitsScreen />}
            {route.screen === 'preferences' && <PreferencesScreen />}
            {route.screen === 'settings' && <SettingsScreen />}
          </Suspense>
        </main>
      )}
      <StatusBar />
      <Toasts />
      {askedLock && (
        <Suspense fallback={null}>
          <AcceptedLockDialog />
        </Suspense>
      )}
    </div>
  );
}
