/** PostgreSQL unique_violation (23505): for example an e-mail taken between the check and the write. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
