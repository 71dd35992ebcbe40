/** The first screen's texts of a language (shared/build/first-screen-texts.ts), by namespace. */
declare module 'virtual:first-screen-texts/*' {
  const texts: Record<string, Record<string, unknown>>;
  export default texts;
}
