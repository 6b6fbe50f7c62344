import * as $protobuf from "protobufjs";
import type Long from "long";

/** Namespace lesson. */
export namespace lesson {

    /** Namespace malformed. */
    namespace malformed {

        /** Namespace v1. */
        namespace v1 {

            /**
             * Properties of a Reading.
             * @deprecated Use lesson.malformed.v1.Reading.$Properties instead.
             */
            interface IReading extends lesson.malformed.v1.Reading.$Properties {
            }

            /** Represents a Reading. */
            class Reading {

                /**
                 * Constructs a new Reading.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: lesson.malformed.v1.Reading.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Reading id. */
                id: number;

                /** Reading name. */
                name: string;

                /** Reading values. */
                values: number[];

                /** Reading next. */
                next?: (lesson.malformed.v1.Reading.$Properties|null);

                /** Reading big. */
                big: (number|Long);

                /**
                 * Creates a new Reading instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Reading instance
                 */
                static create(properties: lesson.malformed.v1.Reading.$Shape): lesson.malformed.v1.Reading & lesson.malformed.v1.Reading.$Shape;
                static create(properties?: lesson.malformed.v1.Reading.$Properties): lesson.malformed.v1.Reading;

                /**
                 * Decodes a Reading message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {lesson.malformed.v1.Reading & lesson.malformed.v1.Reading.$Shape} Reading
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): lesson.malformed.v1.Reading & lesson.malformed.v1.Reading.$Shape;
            }

            namespace Reading {

                /** Properties of a Reading. */
                interface $Properties {

                    /** Reading id */
                    id?: (number|null);

                    /** Reading name */
                    name?: (string|null);

                    /** Reading values */
                    values?: (number[]|null);

                    /** Reading next */
                    next?: (lesson.malformed.v1.Reading.$Properties|null);

                    /** Reading big */
                    big?: (number|Long|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Reading. */
                type $Shape = lesson.malformed.v1.Reading.$Properties;
            }
        }
    }
}
