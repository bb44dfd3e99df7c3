// Preloaded into the app's process by test/faults/escaped-errors.test.ts (`node --require`):
// errors that escape from a timer, from an event listener and from a promise, thrown for real
// in the app's own event loop, as a bug of ours would throw them — each time the process gets
// SIGUSR2 (once the test listens). QUOTEDESK_TEST_THROWS: how many timer throws in a row (a
// loop of faults).
const { EventEmitter } = require('node:events');

const count = Number(process.env.QUOTEDESK_TEST_THROWS || '1');
const client = 'Northwind Dental';
const emitter = new EventEmitter();
emitter.on('tick', () => {
  throw new TypeError(`thrown from a listener for ${client}`);
});
process.on('SIGUSR2', () => {
  for (let i = 0; i < count; i++) {
    setTimeout(() => {
      throw new Error(`thrown from a timer for ${client}`);
    }, i * 50);
  }
  setTimeout(() => emitter.emit('tick'), count * 50 + 100);
  setTimeout(
    () => {
      void Promise.reject(new RangeError(`rejected for ${client}`));
    },
    count * 50 + 200,
  );
});
