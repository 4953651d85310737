/** The seed's plain reference rows, as the reference tables list them and the generator emits them. */
export interface SeedCategory {
  key: string;
  name: string;
}

export interface SeedColor {
  key: string;
  name: string;
  color_code: string;
}
