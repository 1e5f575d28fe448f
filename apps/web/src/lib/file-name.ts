/**
 * A person's name as the start of a file name: lower case, accents dropped, anything but letters and digits a single
 * hyphen ("María José Núñez" → "maria-jose-nunez"), so the file keeps its name on every system and in every e-mail.
 * Empty when nothing is left (a name in another script): the caller then keeps the server's name.
 */
export const fileStem = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
