import { SelectField, TextField } from '@/components/ui/field';
import {
  carouselFormatOptions,
  carouselThemeOptions,
  houseBrandColor,
  normalizeBrandColor,
  type CarouselFormatChoice,
  type CarouselThemeChoice,
} from '../carousel-choices';

export interface CarouselDefaultsValues {
  brand_color: string;
  carousel_theme: CarouselThemeChoice;
  carousel_format: CarouselFormatChoice;
}

interface CarouselDefaultsSectionProps {
  values: CarouselDefaultsValues;
  /** Said under the brand colour when it is not a colour (on "Save Changes"). */
  brandColorError: string | null;
  onChange: (change: Partial<CarouselDefaultsValues>) => void;
}

/**
 * The "Carousels" part of Settings (docs/product.md §11): the brand colour the "Brand colour" theme
 * draws with (a swatch and the same colour written #rrggbb), and the theme and format a new
 * carousel starts with. Saved with the profile by "Save Changes".
 */
export function CarouselDefaultsSection({ values, brandColorError, onChange }: CarouselDefaultsSectionProps) {
  // The swatch shows the colour as typed once it is one, else the colour the theme would use.
  const swatch = normalizeBrandColor(values.brand_color) || houseBrandColor;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">Carousels</legend>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            label="Brand colour"
            placeholder={houseBrandColor}
            spellCheck={false}
            autoComplete="off"
            maxLength={20}
            hint="The colour of the “Brand colour” theme, written #rrggbb. Leave it empty for LinkedIn’s blue."
            value={values.brand_color}
            error={brandColorError}
            onChange={(event) => onChange({ brand_color: event.target.value })}
          />
        </div>
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={swatch}
          onChange={(event) => onChange({ brand_color: event.target.value })}
          className="mt-6 h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
      </div>
      <div className="grid gap-4 @md:grid-cols-2">
        <SelectField
          label="Default theme"
          hint="New carousels start with it; each can still be changed."
          options={carouselThemeOptions}
          value={values.carousel_theme}
          onChange={(event) => {
            const theme = carouselThemeOptions.find((option) => option.value === event.target.value);
            if (theme) onChange({ carousel_theme: theme.value });
          }}
        />
        <SelectField
          label="Default format"
          options={carouselFormatOptions}
          value={values.carousel_format}
          onChange={(event) => {
            const format = carouselFormatOptions.find((option) => option.value === event.target.value);
            if (format) onChange({ carousel_format: format.value });
          }}
        />
      </div>
    </fieldset>
  );
}
