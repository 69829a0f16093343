/** The scrypt cost of new password hashes in the app project (test/app/worker-main.ts). */
export const TEST_PASSWORD_HASH_PARAMS = { N: 2 ** 10, r: 8, p: 1 };
