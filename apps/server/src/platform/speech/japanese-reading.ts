import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Japanese text as kana for eSpeak NG, whose Japanese voice reads kana but not kanji: kuromoji (Apache-2.0, the
 * IPADIC dictionary inside its npm package) splits the text into words and gives each its pronunciation in
 * katakana (particle は as ワ, long vowels as ー). Words the dictionary does not know (numbers, Latin words) are
 * kept as written, which eSpeak reads itself. The dictionary is loaded on first use (a few seconds, about 250 MB
 * of memory) and kept.
 */

type Tokenizer = import('kuromoji').Tokenizer;

const require = createRequire(import.meta.url);
let tokenizer: Promise<Tokenizer> | undefined;

async function loadTokenizer(): Promise<Tokenizer> {
  const { default: kuromoji } = await import('kuromoji');
  const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
  return await new Promise<Tokenizer>((resolve, reject) => {
    kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
  });
}

/** Parts of speech that lean on the word before them (particles, auxiliaries, punctuation): no space before. */
const ATTACHED = new Set(['助詞', '助動詞', '記号']);

export async function japaneseReading(text: string): Promise<string> {
  tokenizer ??= loadTokenizer().catch((error: unknown) => {
    tokenizer = undefined;
    throw error;
  });
  const words = (await tokenizer).tokenize(text);
  let out = '';
  for (const word of words) {
    const known = word.pronunciation && word.pronunciation !== '*' ? word.pronunciation : undefined;
    const spoken = known ?? word.surface_form;
    // A space between phrases gives eSpeak its word boundaries; none inside a phrase.
    if (out.length > 0 && (!ATTACHED.has(word.pos) || known === undefined)) out += ' ';
    out += spoken;
  }
  return out;
}
