import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeStorageContract } from '../test/storage-contract.ts';
import { createDiskStorage } from './storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'medida-disk-blobs-'));
describeStorageContract('disk', () => createDiskStorage(root));
