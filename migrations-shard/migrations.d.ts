// Types for the drizzle-kit generated migrations.js (driver "durable-sqlite").
declare const config: {
  journal: { entries: { idx: number; when: number; tag: string; breakpoints: boolean }[] };
  migrations: Record<string, string>;
};
export default config;
