import interBold from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import interRegular from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import dejavuBold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import dejavuRegular from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import type { FontKey, ReadFontFile } from './carousel-fonts';

/**
 * The font files as separate, hashed assets of the build (`?url`: Vite copies each TTF and gives
 * its address; nothing is inlined into the JavaScript), fetched when a carousel is laid out.
 */
export const fontUrls: Record<FontKey, string> = {
  'inter-regular': interRegular,
  'inter-bold': interBold,
  'dejavu-regular': dejavuRegular,
  'dejavu-bold': dejavuBold,
};

export const fetchFontFile: ReadFontFile = async (key) => {
  const response = await fetch(fontUrls[key]);
  if (!response.ok) throw new Error(`font ${key}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};
