/**
 * The issuer's logo as a file in the data folder (`issuer-logo.<ext>`, readable by its owner alone), one at a
 * time: a new one replaces the last, whatever its type. Its bytes are checked to be the type given.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOGO_TYPES, logoTypeOf, type IssuerLogo, type LogoType } from '../../../shared/issuer.js';
import { DeskError } from '../desk-error.js';
import { PRIVATE_FILE_MODE } from '../storage/private-files.js';

const EXTENSION: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const fileOf = (dataDir: string, type: LogoType) => join(dataDir, `issuer-logo.${EXTENSION[type]}`);

export async function readLogo(dataDir: string): Promise<IssuerLogo | null> {
  for (const type of LOGO_TYPES) {
    const bytes = await readFile(fileOf(dataDir, type)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes) return { type, dataUrl: `data:${type};base64,${bytes.toString('base64')}`, bytes: bytes.byteLength };
  }
  return null;
}

export async function writeLogo(dataDir: string, logo: { type: LogoType; bytes: Uint8Array } | null): Promise<IssuerLogo | null> {
  if (logo && logoTypeOf(logo.bytes) !== logo.type) {
    throw new DeskError('refused', `The file is not a ${logo.type.slice('image/'.length).toUpperCase()} image.`, [{ field: 'logo', message: 'is not the image it says it is' }]);
  }
  for (const type of LOGO_TYPES) await rm(fileOf(dataDir, type), { force: true });
  if (!logo) return null;
  await writeFile(fileOf(dataDir, logo.type), logo.bytes, { mode: PRIVATE_FILE_MODE });
  return readLogo(dataDir);
}
