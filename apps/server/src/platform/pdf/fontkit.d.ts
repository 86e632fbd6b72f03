// fontkit (pdfkit's own font reader) ships no types: only the call the invoice PDF makes is declared.
declare module 'fontkit' {
  /** A parsed font; pdfkit takes it as a font source (anything with `layout`). */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Uint8Array): Font;
}
