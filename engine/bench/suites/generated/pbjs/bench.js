/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const wirelab = $root.wirelab = (() => {

    /**
     * Namespace wirelab.
     * @exports wirelab
     * @namespace
     */
    const wirelab = {};

    wirelab.bench = (function() {

        /**
         * Namespace bench.
         * @memberof wirelab
         * @namespace
         */
        const bench = {};

        bench.LogEntry = (function() {

            /**
             * Properties of a LogEntry.
             * @typedef {Object} wirelab.bench.LogEntry.$Properties
             * @property {string|null} [backendServer] LogEntry backendServer
             * @property {number|Long|null} [timestampNs] LogEntry timestampNs
             * @property {number|null} [status] LogEntry status
             * @property {wirelab.bench.Request.$Properties|null} [request] LogEntry request
             * @property {wirelab.bench.Response.$Properties|null} [response] LogEntry response
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LogEntry.
             * @memberof wirelab.bench
             * @interface ILogEntry
             * @augments wirelab.bench.LogEntry.$Properties
             * @deprecated Use wirelab.bench.LogEntry.$Properties instead.
             */

            /**
             * Shape of a LogEntry.
             * @typedef {wirelab.bench.LogEntry.$Properties} wirelab.bench.LogEntry.$Shape
             */

            /**
             * Constructs a new LogEntry.
             * @memberof wirelab.bench
             * @classdesc Represents a LogEntry.
             * @constructor
             * @param {wirelab.bench.LogEntry.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LogEntry = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * LogEntry backendServer.
             * @member {string} backendServer
             * @memberof wirelab.bench.LogEntry
             * @instance
             */
            LogEntry.prototype.backendServer = "";

            /**
             * LogEntry timestampNs.
             * @member {number|Long} timestampNs
             * @memberof wirelab.bench.LogEntry
             * @instance
             */
            LogEntry.prototype.timestampNs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

            /**
             * LogEntry status.
             * @member {number} status
             * @memberof wirelab.bench.LogEntry
             * @instance
             */
            LogEntry.prototype.status = 0;

            /**
             * LogEntry request.
             * @member {wirelab.bench.Request.$Properties|null|undefined} request
             * @memberof wirelab.bench.LogEntry
             * @instance
             */
            LogEntry.prototype.request = null;

            /**
             * LogEntry response.
             * @member {wirelab.bench.Response.$Properties|null|undefined} response
             * @memberof wirelab.bench.LogEntry
             * @instance
             */
            LogEntry.prototype.response = null;

            /**
             * Creates a new LogEntry instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.LogEntry
             * @static
             * @param {wirelab.bench.LogEntry.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.LogEntry} LogEntry instance
             * @type {{
             *   (properties: wirelab.bench.LogEntry.$Shape): wirelab.bench.LogEntry & wirelab.bench.LogEntry.$Shape;
             *   (properties?: wirelab.bench.LogEntry.$Properties): wirelab.bench.LogEntry;
             * }}
             */
            LogEntry.create = function(properties) {
                return new LogEntry(properties);
            };

            /**
             * Encodes the specified LogEntry message. Does not implicitly {@link wirelab.bench.LogEntry.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.LogEntry
             * @static
             * @param {wirelab.bench.LogEntry.$Properties} message LogEntry message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LogEntry.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.backendServer != null && $Object.hasOwnProperty.call(message, "backendServer") && message.backendServer !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.backendServer);
                if (message.timestampNs != null && $Object.hasOwnProperty.call(message, "timestampNs") && (typeof message.timestampNs === "object" ? message.timestampNs.low || message.timestampNs.high : message.timestampNs !== 0))
                    writer.uint32(/* id 2, wireType 0 =*/16).int64(message.timestampNs);
                if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.status);
                if (message.request != null && $Object.hasOwnProperty.call(message, "request"))
                    $root.wirelab.bench.Request.encode(message.request, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.response != null && $Object.hasOwnProperty.call(message, "response"))
                    $root.wirelab.bench.Response.encode(message.response, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a LogEntry message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.LogEntry
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.LogEntry & wirelab.bench.LogEntry.$Shape} LogEntry
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LogEntry.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.LogEntry();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.backendServer = value;
                            else
                                delete message.backendServer;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.timestampNs = value;
                            else
                                delete message.timestampNs;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.status = value;
                            else
                                delete message.status;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.request = $root.wirelab.bench.Request.decode(reader, reader.size(), $undefined, _depth + 1, message.request);
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.response = $root.wirelab.bench.Response.decode(reader, reader.size(), $undefined, _depth + 1, message.response);
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

            return LogEntry;
        })();

        bench.Request = (function() {

            /**
             * Properties of a Request.
             * @typedef {Object} wirelab.bench.Request.$Properties
             * @property {string|null} [method] Request method
             * @property {string|null} [url] Request url
             * @property {Array.<wirelab.bench.Header.$Properties>|null} [headers] Request headers
             * @property {wirelab.bench.Client.$Properties|null} [client] Request client
             * @property {Array.<wirelab.bench.Span.$Properties>|null} [spans] Request spans
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Request.
             * @memberof wirelab.bench
             * @interface IRequest
             * @augments wirelab.bench.Request.$Properties
             * @deprecated Use wirelab.bench.Request.$Properties instead.
             */

            /**
             * Shape of a Request.
             * @typedef {wirelab.bench.Request.$Properties} wirelab.bench.Request.$Shape
             */

            /**
             * Constructs a new Request.
             * @memberof wirelab.bench
             * @classdesc Represents a Request.
             * @constructor
             * @param {wirelab.bench.Request.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Request = function (properties) {
                this.headers = [];
                this.spans = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Request method.
             * @member {string} method
             * @memberof wirelab.bench.Request
             * @instance
             */
            Request.prototype.method = "";

            /**
             * Request url.
             * @member {string} url
             * @memberof wirelab.bench.Request
             * @instance
             */
            Request.prototype.url = "";

            /**
             * Request headers.
             * @member {Array.<wirelab.bench.Header.$Properties>} headers
             * @memberof wirelab.bench.Request
             * @instance
             */
            Request.prototype.headers = $util.emptyArray;

            /**
             * Request client.
             * @member {wirelab.bench.Client.$Properties|null|undefined} client
             * @memberof wirelab.bench.Request
             * @instance
             */
            Request.prototype.client = null;

            /**
             * Request spans.
             * @member {Array.<wirelab.bench.Span.$Properties>} spans
             * @memberof wirelab.bench.Request
             * @instance
             */
            Request.prototype.spans = $util.emptyArray;

            /**
             * Creates a new Request instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Request
             * @static
             * @param {wirelab.bench.Request.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Request} Request instance
             * @type {{
             *   (properties: wirelab.bench.Request.$Shape): wirelab.bench.Request & wirelab.bench.Request.$Shape;
             *   (properties?: wirelab.bench.Request.$Properties): wirelab.bench.Request;
             * }}
             */
            Request.create = function(properties) {
                return new Request(properties);
            };

            /**
             * Encodes the specified Request message. Does not implicitly {@link wirelab.bench.Request.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Request
             * @static
             * @param {wirelab.bench.Request.$Properties} message Request message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Request.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.method != null && $Object.hasOwnProperty.call(message, "method") && message.method !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.method);
                if (message.url != null && $Object.hasOwnProperty.call(message, "url") && message.url !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.url);
                if (message.headers != null && message.headers.length)
                    for (let i = 0; i < message.headers.length; ++i)
                        $root.wirelab.bench.Header.encode(message.headers[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.client != null && $Object.hasOwnProperty.call(message, "client"))
                    $root.wirelab.bench.Client.encode(message.client, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.spans != null && message.spans.length)
                    for (let i = 0; i < message.spans.length; ++i)
                        $root.wirelab.bench.Span.encode(message.spans[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Request message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Request
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Request & wirelab.bench.Request.$Shape} Request
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Request.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Request();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.method = value;
                            else
                                delete message.method;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.url = value;
                            else
                                delete message.url;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.headers && message.headers.length))
                                message.headers = [];
                            message.headers.push($root.wirelab.bench.Header.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.client = $root.wirelab.bench.Client.decode(reader, reader.size(), $undefined, _depth + 1, message.client);
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if (!(message.spans && message.spans.length))
                                message.spans = [];
                            message.spans.push($root.wirelab.bench.Span.decode(reader, reader.size(), $undefined, _depth + 1));
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

            return Request;
        })();

        bench.Header = (function() {

            /**
             * Properties of a Header.
             * @typedef {Object} wirelab.bench.Header.$Properties
             * @property {string|null} [name] Header name
             * @property {string|null} [value] Header value
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Header.
             * @memberof wirelab.bench
             * @interface IHeader
             * @augments wirelab.bench.Header.$Properties
             * @deprecated Use wirelab.bench.Header.$Properties instead.
             */

            /**
             * Shape of a Header.
             * @typedef {wirelab.bench.Header.$Properties} wirelab.bench.Header.$Shape
             */

            /**
             * Constructs a new Header.
             * @memberof wirelab.bench
             * @classdesc Represents a Header.
             * @constructor
             * @param {wirelab.bench.Header.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Header = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Header name.
             * @member {string} name
             * @memberof wirelab.bench.Header
             * @instance
             */
            Header.prototype.name = "";

            /**
             * Header value.
             * @member {string} value
             * @memberof wirelab.bench.Header
             * @instance
             */
            Header.prototype.value = "";

            /**
             * Creates a new Header instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Header
             * @static
             * @param {wirelab.bench.Header.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Header} Header instance
             * @type {{
             *   (properties: wirelab.bench.Header.$Shape): wirelab.bench.Header & wirelab.bench.Header.$Shape;
             *   (properties?: wirelab.bench.Header.$Properties): wirelab.bench.Header;
             * }}
             */
            Header.create = function(properties) {
                return new Header(properties);
            };

            /**
             * Encodes the specified Header message. Does not implicitly {@link wirelab.bench.Header.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Header
             * @static
             * @param {wirelab.bench.Header.$Properties} message Header message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Header.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Header message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Header
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Header & wirelab.bench.Header.$Shape} Header
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Header.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Header();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.name = value;
                            else
                                delete message.name;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.value = value;
                            else
                                delete message.value;
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

            return Header;
        })();

        bench.Client = (function() {

            /**
             * Properties of a Client.
             * @typedef {Object} wirelab.bench.Client.$Properties
             * @property {string|null} [ip] Client ip
             * @property {string|null} [userAgent] Client userAgent
             * @property {wirelab.bench.Geo.$Properties|null} [geo] Client geo
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Client.
             * @memberof wirelab.bench
             * @interface IClient
             * @augments wirelab.bench.Client.$Properties
             * @deprecated Use wirelab.bench.Client.$Properties instead.
             */

            /**
             * Shape of a Client.
             * @typedef {wirelab.bench.Client.$Properties} wirelab.bench.Client.$Shape
             */

            /**
             * Constructs a new Client.
             * @memberof wirelab.bench
             * @classdesc Represents a Client.
             * @constructor
             * @param {wirelab.bench.Client.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Client = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Client ip.
             * @member {string} ip
             * @memberof wirelab.bench.Client
             * @instance
             */
            Client.prototype.ip = "";

            /**
             * Client userAgent.
             * @member {string} userAgent
             * @memberof wirelab.bench.Client
             * @instance
             */
            Client.prototype.userAgent = "";

            /**
             * Client geo.
             * @member {wirelab.bench.Geo.$Properties|null|undefined} geo
             * @memberof wirelab.bench.Client
             * @instance
             */
            Client.prototype.geo = null;

            /**
             * Creates a new Client instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Client
             * @static
             * @param {wirelab.bench.Client.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Client} Client instance
             * @type {{
             *   (properties: wirelab.bench.Client.$Shape): wirelab.bench.Client & wirelab.bench.Client.$Shape;
             *   (properties?: wirelab.bench.Client.$Properties): wirelab.bench.Client;
             * }}
             */
            Client.create = function(properties) {
                return new Client(properties);
            };

            /**
             * Encodes the specified Client message. Does not implicitly {@link wirelab.bench.Client.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Client
             * @static
             * @param {wirelab.bench.Client.$Properties} message Client message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Client.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.ip != null && $Object.hasOwnProperty.call(message, "ip") && message.ip !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.ip);
                if (message.userAgent != null && $Object.hasOwnProperty.call(message, "userAgent") && message.userAgent !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.userAgent);
                if (message.geo != null && $Object.hasOwnProperty.call(message, "geo"))
                    $root.wirelab.bench.Geo.encode(message.geo, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Client message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Client
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Client & wirelab.bench.Client.$Shape} Client
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Client.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Client();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.ip = value;
                            else
                                delete message.ip;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.userAgent = value;
                            else
                                delete message.userAgent;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            message.geo = $root.wirelab.bench.Geo.decode(reader, reader.size(), $undefined, _depth + 1, message.geo);
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

            return Client;
        })();

        bench.Geo = (function() {

            /**
             * Properties of a Geo.
             * @typedef {Object} wirelab.bench.Geo.$Properties
             * @property {string|null} [country] Geo country
             * @property {string|null} [city] Geo city
             * @property {number|null} [latitude] Geo latitude
             * @property {number|null} [longitude] Geo longitude
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Geo.
             * @memberof wirelab.bench
             * @interface IGeo
             * @augments wirelab.bench.Geo.$Properties
             * @deprecated Use wirelab.bench.Geo.$Properties instead.
             */

            /**
             * Shape of a Geo.
             * @typedef {wirelab.bench.Geo.$Properties} wirelab.bench.Geo.$Shape
             */

            /**
             * Constructs a new Geo.
             * @memberof wirelab.bench
             * @classdesc Represents a Geo.
             * @constructor
             * @param {wirelab.bench.Geo.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Geo = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Geo country.
             * @member {string} country
             * @memberof wirelab.bench.Geo
             * @instance
             */
            Geo.prototype.country = "";

            /**
             * Geo city.
             * @member {string} city
             * @memberof wirelab.bench.Geo
             * @instance
             */
            Geo.prototype.city = "";

            /**
             * Geo latitude.
             * @member {number} latitude
             * @memberof wirelab.bench.Geo
             * @instance
             */
            Geo.prototype.latitude = 0;

            /**
             * Geo longitude.
             * @member {number} longitude
             * @memberof wirelab.bench.Geo
             * @instance
             */
            Geo.prototype.longitude = 0;

            /**
             * Creates a new Geo instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Geo
             * @static
             * @param {wirelab.bench.Geo.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Geo} Geo instance
             * @type {{
             *   (properties: wirelab.bench.Geo.$Shape): wirelab.bench.Geo & wirelab.bench.Geo.$Shape;
             *   (properties?: wirelab.bench.Geo.$Properties): wirelab.bench.Geo;
             * }}
             */
            Geo.create = function(properties) {
                return new Geo(properties);
            };

            /**
             * Encodes the specified Geo message. Does not implicitly {@link wirelab.bench.Geo.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Geo
             * @static
             * @param {wirelab.bench.Geo.$Properties} message Geo message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Geo.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.country != null && $Object.hasOwnProperty.call(message, "country") && message.country !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.country);
                if (message.city != null && $Object.hasOwnProperty.call(message, "city") && message.city !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.city);
                if (message.latitude != null && $Object.hasOwnProperty.call(message, "latitude") && !$Object.is(message.latitude, 0))
                    writer.uint32(/* id 3, wireType 1 =*/25).double(message.latitude);
                if (message.longitude != null && $Object.hasOwnProperty.call(message, "longitude") && !$Object.is(message.longitude, 0))
                    writer.uint32(/* id 4, wireType 1 =*/33).double(message.longitude);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Geo message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Geo
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Geo & wirelab.bench.Geo.$Shape} Geo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Geo.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Geo();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.country = value;
                            else
                                delete message.country;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.city = value;
                            else
                                delete message.city;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 1)
                                break;
                            if (!$Object.is(value = reader.double(), 0))
                                message.latitude = value;
                            else
                                delete message.latitude;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 1)
                                break;
                            if (!$Object.is(value = reader.double(), 0))
                                message.longitude = value;
                            else
                                delete message.longitude;
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

            return Geo;
        })();

        bench.Span = (function() {

            /**
             * Properties of a Span.
             * @typedef {Object} wirelab.bench.Span.$Properties
             * @property {string|null} [name] Span name
             * @property {number|Long|null} [startNs] Span startNs
             * @property {number|Long|null} [durationNs] Span durationNs
             * @property {Array.<wirelab.bench.Attribute.$Properties>|null} [attributes] Span attributes
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Span.
             * @memberof wirelab.bench
             * @interface ISpan
             * @augments wirelab.bench.Span.$Properties
             * @deprecated Use wirelab.bench.Span.$Properties instead.
             */

            /**
             * Shape of a Span.
             * @typedef {wirelab.bench.Span.$Properties} wirelab.bench.Span.$Shape
             */

            /**
             * Constructs a new Span.
             * @memberof wirelab.bench
             * @classdesc Represents a Span.
             * @constructor
             * @param {wirelab.bench.Span.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Span = function (properties) {
                this.attributes = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Span name.
             * @member {string} name
             * @memberof wirelab.bench.Span
             * @instance
             */
            Span.prototype.name = "";

            /**
             * Span startNs.
             * @member {number|Long} startNs
             * @memberof wirelab.bench.Span
             * @instance
             */
            Span.prototype.startNs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Span durationNs.
             * @member {number|Long} durationNs
             * @memberof wirelab.bench.Span
             * @instance
             */
            Span.prototype.durationNs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Span attributes.
             * @member {Array.<wirelab.bench.Attribute.$Properties>} attributes
             * @memberof wirelab.bench.Span
             * @instance
             */
            Span.prototype.attributes = $util.emptyArray;

            /**
             * Creates a new Span instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Span
             * @static
             * @param {wirelab.bench.Span.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Span} Span instance
             * @type {{
             *   (properties: wirelab.bench.Span.$Shape): wirelab.bench.Span & wirelab.bench.Span.$Shape;
             *   (properties?: wirelab.bench.Span.$Properties): wirelab.bench.Span;
             * }}
             */
            Span.create = function(properties) {
                return new Span(properties);
            };

            /**
             * Encodes the specified Span message. Does not implicitly {@link wirelab.bench.Span.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Span
             * @static
             * @param {wirelab.bench.Span.$Properties} message Span message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Span.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                if (message.startNs != null && $Object.hasOwnProperty.call(message, "startNs") && (typeof message.startNs === "object" ? message.startNs.low || message.startNs.high : message.startNs !== 0))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.startNs);
                if (message.durationNs != null && $Object.hasOwnProperty.call(message, "durationNs") && (typeof message.durationNs === "object" ? message.durationNs.low || message.durationNs.high : message.durationNs !== 0))
                    writer.uint32(/* id 3, wireType 0 =*/24).uint64(message.durationNs);
                if (message.attributes != null && message.attributes.length)
                    for (let i = 0; i < message.attributes.length; ++i)
                        $root.wirelab.bench.Attribute.encode(message.attributes[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Span message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Span
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Span & wirelab.bench.Span.$Shape} Span
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Span.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Span();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.name = value;
                            else
                                delete message.name;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.startNs = value;
                            else
                                delete message.startNs;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.durationNs = value;
                            else
                                delete message.durationNs;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if (!(message.attributes && message.attributes.length))
                                message.attributes = [];
                            message.attributes.push($root.wirelab.bench.Attribute.decode(reader, reader.size(), $undefined, _depth + 1));
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

            return Span;
        })();

        bench.Attribute = (function() {

            /**
             * Properties of an Attribute.
             * @typedef {Object} wirelab.bench.Attribute.$Properties
             * @property {string|null} [key] Attribute key
             * @property {string|null} [value] Attribute value
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Attribute.
             * @memberof wirelab.bench
             * @interface IAttribute
             * @augments wirelab.bench.Attribute.$Properties
             * @deprecated Use wirelab.bench.Attribute.$Properties instead.
             */

            /**
             * Shape of an Attribute.
             * @typedef {wirelab.bench.Attribute.$Properties} wirelab.bench.Attribute.$Shape
             */

            /**
             * Constructs a new Attribute.
             * @memberof wirelab.bench
             * @classdesc Represents an Attribute.
             * @constructor
             * @param {wirelab.bench.Attribute.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Attribute = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Attribute key.
             * @member {string} key
             * @memberof wirelab.bench.Attribute
             * @instance
             */
            Attribute.prototype.key = "";

            /**
             * Attribute value.
             * @member {string} value
             * @memberof wirelab.bench.Attribute
             * @instance
             */
            Attribute.prototype.value = "";

            /**
             * Creates a new Attribute instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Attribute
             * @static
             * @param {wirelab.bench.Attribute.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Attribute} Attribute instance
             * @type {{
             *   (properties: wirelab.bench.Attribute.$Shape): wirelab.bench.Attribute & wirelab.bench.Attribute.$Shape;
             *   (properties?: wirelab.bench.Attribute.$Properties): wirelab.bench.Attribute;
             * }}
             */
            Attribute.create = function(properties) {
                return new Attribute(properties);
            };

            /**
             * Encodes the specified Attribute message. Does not implicitly {@link wirelab.bench.Attribute.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Attribute
             * @static
             * @param {wirelab.bench.Attribute.$Properties} message Attribute message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Attribute.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.key != null && $Object.hasOwnProperty.call(message, "key") && message.key !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.key);
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Attribute message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Attribute
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Attribute & wirelab.bench.Attribute.$Shape} Attribute
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Attribute.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Attribute();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.key = value;
                            else
                                delete message.key;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.value = value;
                            else
                                delete message.value;
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

            return Attribute;
        })();

        bench.Response = (function() {

            /**
             * Properties of a Response.
             * @typedef {Object} wirelab.bench.Response.$Properties
             * @property {number|null} [code] Response code
             * @property {number|Long|null} [size] Response size
             * @property {Array.<wirelab.bench.Header.$Properties>|null} [headers] Response headers
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Response.
             * @memberof wirelab.bench
             * @interface IResponse
             * @augments wirelab.bench.Response.$Properties
             * @deprecated Use wirelab.bench.Response.$Properties instead.
             */

            /**
             * Shape of a Response.
             * @typedef {wirelab.bench.Response.$Properties} wirelab.bench.Response.$Shape
             */

            /**
             * Constructs a new Response.
             * @memberof wirelab.bench
             * @classdesc Represents a Response.
             * @constructor
             * @param {wirelab.bench.Response.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Response = function (properties) {
                this.headers = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Response code.
             * @member {number} code
             * @memberof wirelab.bench.Response
             * @instance
             */
            Response.prototype.code = 0;

            /**
             * Response size.
             * @member {number|Long} size
             * @memberof wirelab.bench.Response
             * @instance
             */
            Response.prototype.size = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Response headers.
             * @member {Array.<wirelab.bench.Header.$Properties>} headers
             * @memberof wirelab.bench.Response
             * @instance
             */
            Response.prototype.headers = $util.emptyArray;

            /**
             * Creates a new Response instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Response
             * @static
             * @param {wirelab.bench.Response.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Response} Response instance
             * @type {{
             *   (properties: wirelab.bench.Response.$Shape): wirelab.bench.Response & wirelab.bench.Response.$Shape;
             *   (properties?: wirelab.bench.Response.$Properties): wirelab.bench.Response;
             * }}
             */
            Response.create = function(properties) {
                return new Response(properties);
            };

            /**
             * Encodes the specified Response message. Does not implicitly {@link wirelab.bench.Response.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Response
             * @static
             * @param {wirelab.bench.Response.$Properties} message Response message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Response.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.code != null && $Object.hasOwnProperty.call(message, "code") && message.code !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.code);
                if (message.size != null && $Object.hasOwnProperty.call(message, "size") && (typeof message.size === "object" ? message.size.low || message.size.high : message.size !== 0))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.size);
                if (message.headers != null && message.headers.length)
                    for (let i = 0; i < message.headers.length; ++i)
                        $root.wirelab.bench.Header.encode(message.headers[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Response message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Response
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Response & wirelab.bench.Response.$Shape} Response
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Response.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Response();
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
                            if (value = reader.uint32())
                                message.code = value;
                            else
                                delete message.code;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.size = value;
                            else
                                delete message.size;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.headers && message.headers.length))
                                message.headers = [];
                            message.headers.push($root.wirelab.bench.Header.decode(reader, reader.size(), $undefined, _depth + 1));
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

            return Response;
        })();

        bench.RowsResponse = (function() {

            /**
             * Properties of a RowsResponse.
             * @typedef {Object} wirelab.bench.RowsResponse.$Properties
             * @property {Array.<wirelab.bench.Field.$Properties>|null} [fields] RowsResponse fields
             * @property {Array.<wirelab.bench.Row.$Properties>|null} [rows] RowsResponse rows
             * @property {string|null} [gtid] RowsResponse gtid
             * @property {boolean|null} [throttled] RowsResponse throttled
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a RowsResponse.
             * @memberof wirelab.bench
             * @interface IRowsResponse
             * @augments wirelab.bench.RowsResponse.$Properties
             * @deprecated Use wirelab.bench.RowsResponse.$Properties instead.
             */

            /**
             * Shape of a RowsResponse.
             * @typedef {wirelab.bench.RowsResponse.$Properties} wirelab.bench.RowsResponse.$Shape
             */

            /**
             * Constructs a new RowsResponse.
             * @memberof wirelab.bench
             * @classdesc Represents a RowsResponse.
             * @constructor
             * @param {wirelab.bench.RowsResponse.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const RowsResponse = function (properties) {
                this.fields = [];
                this.rows = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * RowsResponse fields.
             * @member {Array.<wirelab.bench.Field.$Properties>} fields
             * @memberof wirelab.bench.RowsResponse
             * @instance
             */
            RowsResponse.prototype.fields = $util.emptyArray;

            /**
             * RowsResponse rows.
             * @member {Array.<wirelab.bench.Row.$Properties>} rows
             * @memberof wirelab.bench.RowsResponse
             * @instance
             */
            RowsResponse.prototype.rows = $util.emptyArray;

            /**
             * RowsResponse gtid.
             * @member {string} gtid
             * @memberof wirelab.bench.RowsResponse
             * @instance
             */
            RowsResponse.prototype.gtid = "";

            /**
             * RowsResponse throttled.
             * @member {boolean} throttled
             * @memberof wirelab.bench.RowsResponse
             * @instance
             */
            RowsResponse.prototype.throttled = false;

            /**
             * Creates a new RowsResponse instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.RowsResponse
             * @static
             * @param {wirelab.bench.RowsResponse.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.RowsResponse} RowsResponse instance
             * @type {{
             *   (properties: wirelab.bench.RowsResponse.$Shape): wirelab.bench.RowsResponse & wirelab.bench.RowsResponse.$Shape;
             *   (properties?: wirelab.bench.RowsResponse.$Properties): wirelab.bench.RowsResponse;
             * }}
             */
            RowsResponse.create = function(properties) {
                return new RowsResponse(properties);
            };

            /**
             * Encodes the specified RowsResponse message. Does not implicitly {@link wirelab.bench.RowsResponse.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.RowsResponse
             * @static
             * @param {wirelab.bench.RowsResponse.$Properties} message RowsResponse message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            RowsResponse.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.fields != null && message.fields.length)
                    for (let i = 0; i < message.fields.length; ++i)
                        $root.wirelab.bench.Field.encode(message.fields[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                if (message.rows != null && message.rows.length)
                    for (let i = 0; i < message.rows.length; ++i)
                        $root.wirelab.bench.Row.encode(message.rows[i], writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                if (message.gtid != null && $Object.hasOwnProperty.call(message, "gtid") && message.gtid !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.gtid);
                if (message.throttled != null && $Object.hasOwnProperty.call(message, "throttled") && message.throttled !== false)
                    writer.uint32(/* id 4, wireType 0 =*/32).bool(message.throttled);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a RowsResponse message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.RowsResponse
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.RowsResponse & wirelab.bench.RowsResponse.$Shape} RowsResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            RowsResponse.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.RowsResponse();
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
                            if (wireType !== 2)
                                break;
                            if (!(message.fields && message.fields.length))
                                message.fields = [];
                            message.fields.push($root.wirelab.bench.Field.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.rows && message.rows.length))
                                message.rows = [];
                            message.rows.push($root.wirelab.bench.Row.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.gtid = value;
                            else
                                delete message.gtid;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.throttled = value;
                            else
                                delete message.throttled;
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

            return RowsResponse;
        })();

        bench.Field = (function() {

            /**
             * Properties of a Field.
             * @typedef {Object} wirelab.bench.Field.$Properties
             * @property {string|null} [name] Field name
             * @property {wirelab.bench.Type|null} [type] Field type
             * @property {string|null} [table] Field table
             * @property {number|null} [columnLength] Field columnLength
             * @property {number|null} [flags] Field flags
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Field.
             * @memberof wirelab.bench
             * @interface IField
             * @augments wirelab.bench.Field.$Properties
             * @deprecated Use wirelab.bench.Field.$Properties instead.
             */

            /**
             * Shape of a Field.
             * @typedef {wirelab.bench.Field.$Properties} wirelab.bench.Field.$Shape
             */

            /**
             * Constructs a new Field.
             * @memberof wirelab.bench
             * @classdesc Represents a Field.
             * @constructor
             * @param {wirelab.bench.Field.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Field = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Field name.
             * @member {string} name
             * @memberof wirelab.bench.Field
             * @instance
             */
            Field.prototype.name = "";

            /**
             * Field type.
             * @member {wirelab.bench.Type} type
             * @memberof wirelab.bench.Field
             * @instance
             */
            Field.prototype.type = 0;

            /**
             * Field table.
             * @member {string} table
             * @memberof wirelab.bench.Field
             * @instance
             */
            Field.prototype.table = "";

            /**
             * Field columnLength.
             * @member {number} columnLength
             * @memberof wirelab.bench.Field
             * @instance
             */
            Field.prototype.columnLength = 0;

            /**
             * Field flags.
             * @member {number} flags
             * @memberof wirelab.bench.Field
             * @instance
             */
            Field.prototype.flags = 0;

            /**
             * Creates a new Field instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Field
             * @static
             * @param {wirelab.bench.Field.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Field} Field instance
             * @type {{
             *   (properties: wirelab.bench.Field.$Shape): wirelab.bench.Field & wirelab.bench.Field.$Shape;
             *   (properties?: wirelab.bench.Field.$Properties): wirelab.bench.Field;
             * }}
             */
            Field.create = function(properties) {
                return new Field(properties);
            };

            /**
             * Encodes the specified Field message. Does not implicitly {@link wirelab.bench.Field.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Field
             * @static
             * @param {wirelab.bench.Field.$Properties} message Field message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Field.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                if (message.type != null && $Object.hasOwnProperty.call(message, "type") && message.type !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).int32(message.type);
                if (message.table != null && $Object.hasOwnProperty.call(message, "table") && message.table !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.table);
                if (message.columnLength != null && $Object.hasOwnProperty.call(message, "columnLength") && message.columnLength !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.columnLength);
                if (message.flags != null && $Object.hasOwnProperty.call(message, "flags") && message.flags !== 0)
                    writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.flags);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Field message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Field
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Field & wirelab.bench.Field.$Shape} Field
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Field.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Field();
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
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.name = value;
                            else
                                delete message.name;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.type = value;
                            else
                                delete message.type;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.table = value;
                            else
                                delete message.table;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.columnLength = value;
                            else
                                delete message.columnLength;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.flags = value;
                            else
                                delete message.flags;
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

            return Field;
        })();

        /**
         * Type enum.
         * @name wirelab.bench.Type
         * @enum {number}
         * @property {number} TYPE_UNSPECIFIED=0 TYPE_UNSPECIFIED value
         * @property {number} TYPE_INT64=1 TYPE_INT64 value
         * @property {number} TYPE_VARCHAR=2 TYPE_VARCHAR value
         * @property {number} TYPE_BLOB=3 TYPE_BLOB value
         * @property {number} TYPE_DOUBLE=4 TYPE_DOUBLE value
         */
        bench.Type = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "TYPE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "TYPE_INT64"] = 1;
            values[valuesById[2] = "TYPE_VARCHAR"] = 2;
            values[valuesById[3] = "TYPE_BLOB"] = 3;
            values[valuesById[4] = "TYPE_DOUBLE"] = 4;
            return values;
        })();

        bench.Row = (function() {

            /**
             * Properties of a Row.
             * @typedef {Object} wirelab.bench.Row.$Properties
             * @property {Array.<number|Long>|null} [lengths] Row lengths
             * @property {Uint8Array|null} [values] Row values
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Row.
             * @memberof wirelab.bench
             * @interface IRow
             * @augments wirelab.bench.Row.$Properties
             * @deprecated Use wirelab.bench.Row.$Properties instead.
             */

            /**
             * Shape of a Row.
             * @typedef {wirelab.bench.Row.$Properties} wirelab.bench.Row.$Shape
             */

            /**
             * Constructs a new Row.
             * @memberof wirelab.bench
             * @classdesc Represents a Row.
             * @constructor
             * @param {wirelab.bench.Row.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Row = function (properties) {
                this.lengths = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Row lengths.
             * @member {Array.<number|Long>} lengths
             * @memberof wirelab.bench.Row
             * @instance
             */
            Row.prototype.lengths = $util.emptyArray;

            /**
             * Row values.
             * @member {Uint8Array} values
             * @memberof wirelab.bench.Row
             * @instance
             */
            Row.prototype.values = $util.newBuffer([]);

            /**
             * Creates a new Row instance using the specified properties.
             * @function create
             * @memberof wirelab.bench.Row
             * @static
             * @param {wirelab.bench.Row.$Properties=} [properties] Properties to set
             * @returns {wirelab.bench.Row} Row instance
             * @type {{
             *   (properties: wirelab.bench.Row.$Shape): wirelab.bench.Row & wirelab.bench.Row.$Shape;
             *   (properties?: wirelab.bench.Row.$Properties): wirelab.bench.Row;
             * }}
             */
            Row.create = function(properties) {
                return new Row(properties);
            };

            /**
             * Encodes the specified Row message. Does not implicitly {@link wirelab.bench.Row.verify|verify} messages.
             * @function encode
             * @memberof wirelab.bench.Row
             * @static
             * @param {wirelab.bench.Row.$Properties} message Row message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Row.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.lengths != null && message.lengths.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).sint64s(message.lengths);
                if (message.values != null && $Object.hasOwnProperty.call(message, "values") && message.values.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.values);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Row message from the specified reader or buffer.
             * @function decode
             * @memberof wirelab.bench.Row
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {wirelab.bench.Row & wirelab.bench.Row.$Shape} Row
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Row.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.wirelab.bench.Row();
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
                            if (wireType === 2) {
                                if (!(message.lengths && message.lengths.length))
                                    message.lengths = [];
                                reader.sint64s(message.lengths);
                                continue;
                            }
                            if (wireType !== 0)
                                break;
                            if (!(message.lengths && message.lengths.length))
                                message.lengths = [];
                            message.lengths.push(reader.sint64());
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.values = value;
                            else
                                delete message.values;
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

            return Row;
        })();

        return bench;
    })();

    return wirelab;
})();

export {
  $root as default
};
