/** The single global SaltKeeper instance. */
export function saltKeeper(env: IngestEnv) {
  return env.SALT_KEEPER.get(env.SALT_KEEPER.idFromName("global"));
}
