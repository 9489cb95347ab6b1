/**
 * Every document is LCPN. Langium picks a language's services by the document's languageId
 * while it is open and by its file extension otherwise, so an untitled buffer, `A.LCPN` or
 * `notes.txt` opened as `lcpn` had no services once closed, and the build that was still
 * running for it threw (the server process exited). There is one language: it serves every
 * URI. Which files of a workspace folder are loaded is the workspace manager's decision
 * (`isLcpnFileName`), not the registry's.
 */
import { DefaultServiceRegistry, UriUtils, type LangiumCoreServices, type URI } from 'langium';

export class LcpnServiceRegistry extends DefaultServiceRegistry {
    override getServices(uri: URI): LangiumCoreServices {
        const language = this.all[0];
        return language ?? super.getServices(uri);
    }

    override hasServices(): boolean {
        return this.all.length > 0;
    }
}

/** Whether a file name is an LCPN file's: `.lcpn` in any case (editors match extensions so). */
export function isLcpnFileName(uri: URI): boolean {
    return UriUtils.extname(uri).toLowerCase() === '.lcpn';
}
