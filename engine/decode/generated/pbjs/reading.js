/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const lesson = $root.lesson = (() => {

    /**
     * Namespace lesson.
     * @exports lesson
     * @namespace
     */
    const lesson = {};

    lesson.malformed = (function() {

        /**
         * Namespace malformed.
         * @memberof lesson
         * @namespace
         */
        const malformed = {};

        malformed.v1 = (function() {

            /**
             * Namespace v1.
             * @memberof lesson.malformed
             * @namespace
             */
            const v1 = {};

            v1.Reading = (function() {

                /**
                 * Properties of a Reading.
                 * @typedef {Object} lesson.malformed.v1.Reading.$Properties
                 * @property {number|null} [id] Reading id
                 * @property {string|null} [name] Reading name
                 * @property {Array.<number>|null} [values] Reading values
                 * @property {lesson.malformed.v1.Reading.$Properties|null} [next] Reading next
                 * @property {number|Long|null} [big] Reading big
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Reading.
                 * @memberof lesson.malformed.v1
                 * @interface IReading
                 * @augments lesson.malformed.v1.Reading.$Properties
                 * @deprecated Use lesson.malformed.v1.Reading.$Properties instead.
                 */

                /**
                 * Shape of a Reading.
                 * @typedef {lesson.malformed.v1.Reading.$Properties} lesson.malformed.v1.Reading.$Shape
                 */

                /**
                 * Constructs a new Reading.
                 * @memberof lesson.malformed.v1
                 * @classdesc Represents a Reading.
                 * @constructor
                 * @param {lesson.malformed.v1.Reading.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Reading = function (properties) {
                    this.values = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Reading id.
                 * @member {number} id
                 * @memberof lesson.malformed.v1.Reading
                 * @instance
                 */
                Reading.prototype.id = 0;

                /**
                 * Reading name.
                 * @member {string} name
                 * @memberof lesson.malformed.v1.Reading
                 * @instance
                 */
                Reading.prototype.name = "";

                /**
                 * Reading values.
                 * @member {Array.<number>} values
                 * @memberof lesson.malformed.v1.Reading
                 * @instance
                 */
                Reading.prototype.values = $util.emptyArray;

                /**
                 * Reading next.
                 * @member {lesson.malformed.v1.Reading.$Properties|null|undefined} next
                 * @memberof lesson.malformed.v1.Reading
                 * @instance
                 */
                Reading.prototype.next = null;

                /**
                 * Reading big.
                 * @member {number|Long} big
                 * @memberof lesson.malformed.v1.Reading
                 * @instance
                 */
                Reading.prototype.big = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new Reading instance using the specified properties.
                 * @function create
                 * @memberof lesson.malformed.v1.Reading
                 * @static
                 * @param {lesson.malformed.v1.Reading.$Properties=} [properties] Properties to set
                 * @returns {lesson.malformed.v1.Reading} Reading instance
                 * @type {{
                 *   (properties: lesson.malformed.v1.Reading.$Shape): lesson.malformed.v1.Reading & lesson.malformed.v1.Reading.$Shape;
                 *   (properties?: lesson.malformed.v1.Reading.$Properties): lesson.malformed.v1.Reading;
                 * }}
                 */
                Reading.create = function(properties) {
                    return new Reading(properties);
                };

                /**
                 * Decodes a Reading message from the specified reader or buffer.
                 * @function decode
                 * @memberof lesson.malformed.v1.Reading
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {lesson.malformed.v1.Reading & lesson.malformed.v1.Reading.$Shape} Reading
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Reading.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.lesson.malformed.v1.Reading();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.id = value;
                                else
                                    delete message.id;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 3: {
                                if (wireType === 2) {
                                    if (!(message.values && message.values.length))
                                        message.values = [];
                                    reader.int32s(message.values);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.values && message.values.length))
                                    message.values = [];
                                message.values.push(reader.int32());
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.next = $root.lesson.malformed.v1.Reading.decode(reader, reader.size(), $undefined, _depth + 1, message.next);
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.big = value;
                                else
                                    delete message.big;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return Reading;
            })();

            return v1;
        })();

        return malformed;
    })();

    return lesson;
})();

export {
  $root as default
};
