// Types for the two engine packages, which ship none: only what platform/speech uses.

declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakWorker {
    set_voice(name: string): void;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    synthesize(text: string, onChunk: (samples: Int16Array | undefined, events: unknown[]) => void): void;
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }
  const initialize: () => Promise<EspeakModule>;
  export default initialize;
}

declare module 'kuromoji' {
  export interface IpadicToken {
    surface_form: string;
    pos: string;
    reading?: string;
    pronunciation?: string;
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicToken[];
  }
  export interface Builder {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void;
  }
  const kuromoji: { builder(options: { dicPath: string }): Builder };
  export default kuromoji;
}
