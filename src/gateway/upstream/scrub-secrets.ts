/**
 * Vendors sometimes echo the credentials they were sent (`Invalid credentials: api_key=…`). Every
 * text that leaves the gateway from the upstream path passes through here first.
 */

const REDACTED = '[redacted]';

/** `text` with every occurrence of every secret replaced; secrets shorter than 4 characters are ignored. */
export function scrubSecrets(text: string, secrets: Iterable<string | undefined | null>): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    scrubbed = scrubbed.split(secret).join(REDACTED);
  }
  return scrubbed;
}
