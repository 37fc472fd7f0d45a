// Which names hold secrets: settings keys removed from the settings body, query parameters redacted in the log.

/** `mailpassword`, `client_secret`, `access_token`, `chatgptKey`, `apikey`: any case. */
export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.includes('password') || lower.includes('secret') || lower.includes('token') || lower.endsWith('key');
}
