/** The computer opponent's Web Worker bundle as text (esbuild-web.mjs's opponentWorkerSource builds it): pages start it from a blob: URL. */
declare module 'lcpn-opponent-worker-source' {
    const text: string;
    export default text;
}
