export { runShell, type ShellOptions } from './shell';
