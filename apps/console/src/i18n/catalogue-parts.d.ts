// `<lang>.json?part=base|rest`: half of a catalogue, cut by the build (vite.config.ts, catalogueParts.ts).
declare module '*.json?part=base' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=rest' {
  const part: Record<string, unknown>;
  export default part;
}
