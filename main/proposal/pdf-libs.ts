// pdfmake (with pdfkit, fontkit and brotli) and fontkit, in one module loaded on the first
// proposal. The build makes it a bundle of its own beside main's (`scripts/build.ts`,
// `buildMain`): inside main's bundle V8 would parse its 1.5 MB at every start and keep its
// source text in memory, though a salesperson who makes no proposal never runs a line of it.
export { default as pdfmake } from 'pdfmake';
export * as fontkit from 'fontkit';
