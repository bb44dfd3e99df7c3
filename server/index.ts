export { startServer, type StartOptions, type RunningServer } from './start';
