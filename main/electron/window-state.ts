import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const WindowState = z.object({
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowState>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Keeps a remembered window on a screen that still exists: a laptop undocked from its big
 * monitor must not open the app off-screen. Size is clamped to the display; a position no
 * display shows is dropped so the window centres.
 */
export function fitToDisplays(state: WindowState, workAreas: Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const largest = workAreas.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const width = Math.min(state.width, largest.width);
  const height = Math.min(state.height, largest.height);
  if (state.x === undefined || state.y === undefined)
    return { ...state, width, height, x: undefined, y: undefined };
  const { x, y } = state;
  // Visible enough: the title bar's left part lies inside some display.
  const visible = workAreas.some(
    (a) => x + 100 > a.x && x < a.x + a.width - 50 && y >= a.y && y < a.y + a.height - 50,
  );
  return visible
    ? { ...state, width, height }
    : { ...state, width, height, x: undefined, y: undefined };
}

export function loadWindowState(file: string): WindowState {
  try {
    const parsed = WindowState.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, file);
  } catch {
    // Forgetting the window size is not worth an error dialog.
  }
}
