/**
 * `Object.groupBy` and `Map.groupBy` for Node 20 (and the Node 18 of older VS Code extension
 * hosts). Chevrotain 13, which Langium 4.4 builds its parser on, calls `Object.groupBy` in the
 * grammar self-checks it runs while a parser is built (development mode) and in its CST type
 * generator (`langium generate`); both came with Node 21. Imported before any parser is built
 * (module.ts) and loaded with `node --import` by `npm run langium:generate`.
 * Each function is defined only when missing, with the standard's meaning: keys in first-seen
 * order, a null-prototype object for `Object.groupBy`.
 */
type KeyOf<T, K> = (item: T, index: number) => K;

if (typeof (Object as { groupBy?: unknown }).groupBy !== 'function') {
    Object.defineProperty(Object, 'groupBy', {
        configurable: true, writable: true,
        value<T>(items: Iterable<T>, keyOf: KeyOf<T, PropertyKey>): Partial<Record<PropertyKey, T[]>> {
            const groups = Object.create(null) as Record<PropertyKey, T[]>;
            let index = 0;
            for (const item of items) {
                const key = keyOf(item, index++);
                (groups[key] ??= []).push(item);
            }
            return groups;
        }
    });
}

if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
    Object.defineProperty(Map, 'groupBy', {
        configurable: true, writable: true,
        value<T, K>(items: Iterable<T>, keyOf: KeyOf<T, K>): Map<K, T[]> {
            const groups = new Map<K, T[]>();
            let index = 0;
            for (const item of items) {
                const key = keyOf(item, index++);
                const group = groups.get(key);
                if (group) group.push(item);
                else groups.set(key, [item]);
            }
            return groups;
        }
    });
}

export {};
