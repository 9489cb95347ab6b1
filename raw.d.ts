/** Text imports (`./file.lcpn?raw`), resolved by esbuild.mjs and by vitest. */
declare module '*?raw' {
    const text: string;
    export default text;
}
