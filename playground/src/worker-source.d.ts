/** The web worker bundle's text (esbuild-web.mjs resolves this name). */
declare module 'lcpn-worker-source' {
    const text: string;
    export default text;
}
