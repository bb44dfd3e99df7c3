// Module kinds Vite resolves at build time.
declare module '*.css';
declare module '*?url' {
  const url: string;
  export default url;
}

interface Window {
  /** The preload bridge (desktop app only). */
  quotedesk?: unknown;
}
