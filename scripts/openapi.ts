// `npm run openapi`: writes docs/openapi.json from the zod contract in common/api.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiJson } from './openapi/document';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'openapi.json');
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, openApiJson());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
