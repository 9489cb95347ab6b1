/**
 * A string that holds its own characters. V8 makes a substring of 13 characters or more a
 * slice of the string it was cut from, so a name read from a document's text and kept in a
 * long-lived table (as a key, say) keeps that whole version of the text alive after its
 * definition is gone. Tables that outlive the definitions whose names they hold copy them.
 */
export function ownString(text: string): string {
    return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
