// Opens a plaintext store with a key, which encrypts it, and kills itself (SIGKILL) right
// after the given step of that migration: a fake of a crash at an exact moment, which a real
// kill from outside cannot hit reliably.
//   encryptChild <file> <filesDir> <keyHex> <point>
import { openStore, type EncryptPoint } from '../../main/store';

const [file, filesDir, keyHex, point] = process.argv.slice(2);
const store = openStore(file!, {
  filesDir: filesDir!,
  key: Buffer.from(keyHex!, 'hex'),
  encryptAt: (p: EncryptPoint) => {
    if (p === point) process.kill(process.pid, 'SIGKILL');
  },
});
store.close();
process.stdout.write('finished\n');
