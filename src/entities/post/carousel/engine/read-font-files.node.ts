/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  fontFiles,
  loadCarouselFonts,
  type CarouselFonts,
  type FontKey,
  type ReadFontFile,
} from './carousel-fonts';

const require = createRequire(import.meta.url);

/**
 * The Node side of font loading, for tests and the benchmark: the same TTF files the browser
 * fetches, read from node_modules. Never imported by the app (it needs node:fs).
 */
export const readFontFileFromNodeModules: ReadFontFile = async (key: FontKey) =>
  new Uint8Array(await readFile(require.resolve(fontFiles[key])));

let everyFont: Promise<CarouselFonts> | null = null;

/** Every shipped font, read and parsed once per test process. */
export const loadEveryFont = (): Promise<CarouselFonts> =>
  (everyFont ??= loadCarouselFonts(readFontFileFromNodeModules));
