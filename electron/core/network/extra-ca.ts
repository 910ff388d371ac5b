/**
 * An account's extra CA certificate (for a TLS-inspecting proxy): a PEM file named in the account's settings,
 * read and checked when the account is added or changed and again when it is opened, and the words for a
 * certificate the TLS handshake refused.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The file's certificates as PEM text; throws an Error whose message says what is wrong with the file. */
export function readExtraCa(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file} does not exist` : code === 'EISDIR' ? `${file} is a folder, not a file` : `${file} cannot be read (${code ?? (error as Error).message})`);
  }
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error(`${file} holds no PEM certificate (a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----)`);
  for (const [i, block] of blocks.entries()) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(block);
    } catch (error) {
      throw new Error(`certificate ${i + 1} in ${file} cannot be read (${(error as Error).message})`, { cause: error });
    }
    if (!cert.ca) throw new Error(`the certificate in ${file} (${cert.subject.replace(/\n/g, ', ')}) is not a CA certificate: name the authority that signs, not a server's own`);
  }
  return blocks.join('\n');
}

/** Node's codes for a server certificate the handshake refused, and why in words. */
const CERTIFICATE_WORDS: Record<string, string> = {
  SELF_SIGNED_CERT_IN_CHAIN: 'it is signed by an authority this app does not trust (a self-signed root in its chain)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed, and this app does not trust it',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the authority that signed it is not one this app trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the authority that signed it is not one this app trusts',
  UNABLE_TO_GET_ISSUER_CERT: 'the authority that signed it is not one this app trusts',
  CERT_SIGNATURE_FAILURE: 'its signature does not match the authority that should have signed it',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet (check this computer\'s clock)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is for another name than the address',
  CERT_REVOKED: 'it has been revoked',
};

/** Why a server's certificate was refused, in words; null when `code` is not a certificate failure. */
export function certificateWords(code: string | null): string | null {
  return code === null ? null : (CERTIFICATE_WORDS[code] ?? null);
}
