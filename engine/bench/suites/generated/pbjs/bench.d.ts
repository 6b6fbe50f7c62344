import * as $protobuf from "protobufjs";
import type Long from "long";

/** Namespace wirelab. */
export namespace wirelab {

    /** Namespace bench. */
    namespace bench {

        /**
         * Properties of a LogEntry.
         * @deprecated Use wirelab.bench.LogEntry.$Properties instead.
         */
        interface ILogEntry extends wirelab.bench.LogEntry.$Properties {
        }

        /** Represents a LogEntry. */
        class LogEntry {

            /**
             * Constructs a new LogEntry.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.LogEntry.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** LogEntry backendServer. */
            backendServer: string;

            /** LogEntry timestampNs. */
            timestampNs: (number|Long);

            /** LogEntry status. */
            status: number;

            /** LogEntry request. */
            request?: (wirelab.bench.Request.$Properties|null);

            /** LogEntry response. */
            response?: (wirelab.bench.Response.$Properties|null);

            /**
             * Creates a new LogEntry instance using the specified properties.
             * @param [properties] Properties to set
             * @returns LogEntry instance
             */
            static create(properties: wirelab.bench.LogEntry.$Shape): wirelab.bench.LogEntry & wirelab.bench.LogEntry.$Shape;
            static create(properties?: wirelab.bench.LogEntry.$Properties): wirelab.bench.LogEntry;

            /**
             * Encodes the specified LogEntry message. Does not implicitly {@link wirelab.bench.LogEntry.verify|verify} messages.
             * @param message LogEntry message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.LogEntry.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a LogEntry message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.LogEntry & wirelab.bench.LogEntry.$Shape} LogEntry
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.LogEntry & wirelab.bench.LogEntry.$Shape;
        }

        namespace LogEntry {

            /** Properties of a LogEntry. */
            interface $Properties {

                /** LogEntry backendServer */
                backendServer?: (string|null);

                /** LogEntry timestampNs */
                timestampNs?: (number|Long|null);

                /** LogEntry status */
                status?: (number|null);

                /** LogEntry request */
                request?: (wirelab.bench.Request.$Properties|null);

                /** LogEntry response */
                response?: (wirelab.bench.Response.$Properties|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a LogEntry. */
            type $Shape = wirelab.bench.LogEntry.$Properties;
        }

        /**
         * Properties of a Request.
         * @deprecated Use wirelab.bench.Request.$Properties instead.
         */
        interface IRequest extends wirelab.bench.Request.$Properties {
        }

        /** Represents a Request. */
        class Request {

            /**
             * Constructs a new Request.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Request.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Request method. */
            method: string;

            /** Request url. */
            url: string;

            /** Request headers. */
            headers: wirelab.bench.Header.$Properties[];

            /** Request client. */
            client?: (wirelab.bench.Client.$Properties|null);

            /** Request spans. */
            spans: wirelab.bench.Span.$Properties[];

            /**
             * Creates a new Request instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Request instance
             */
            static create(properties: wirelab.bench.Request.$Shape): wirelab.bench.Request & wirelab.bench.Request.$Shape;
            static create(properties?: wirelab.bench.Request.$Properties): wirelab.bench.Request;

            /**
             * Encodes the specified Request message. Does not implicitly {@link wirelab.bench.Request.verify|verify} messages.
             * @param message Request message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Request.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Request message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Request & wirelab.bench.Request.$Shape} Request
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Request & wirelab.bench.Request.$Shape;
        }

        namespace Request {

            /** Properties of a Request. */
            interface $Properties {

                /** Request method */
                method?: (string|null);

                /** Request url */
                url?: (string|null);

                /** Request headers */
                headers?: (wirelab.bench.Header.$Properties[]|null);

                /** Request client */
                client?: (wirelab.bench.Client.$Properties|null);

                /** Request spans */
                spans?: (wirelab.bench.Span.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Request. */
            type $Shape = wirelab.bench.Request.$Properties;
        }

        /**
         * Properties of a Header.
         * @deprecated Use wirelab.bench.Header.$Properties instead.
         */
        interface IHeader extends wirelab.bench.Header.$Properties {
        }

        /** Represents a Header. */
        class Header {

            /**
             * Constructs a new Header.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Header.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Header name. */
            name: string;

            /** Header value. */
            value: string;

            /**
             * Creates a new Header instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Header instance
             */
            static create(properties: wirelab.bench.Header.$Shape): wirelab.bench.Header & wirelab.bench.Header.$Shape;
            static create(properties?: wirelab.bench.Header.$Properties): wirelab.bench.Header;

            /**
             * Encodes the specified Header message. Does not implicitly {@link wirelab.bench.Header.verify|verify} messages.
             * @param message Header message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Header.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Header message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Header & wirelab.bench.Header.$Shape} Header
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Header & wirelab.bench.Header.$Shape;
        }

        namespace Header {

            /** Properties of a Header. */
            interface $Properties {

                /** Header name */
                name?: (string|null);

                /** Header value */
                value?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Header. */
            type $Shape = wirelab.bench.Header.$Properties;
        }

        /**
         * Properties of a Client.
         * @deprecated Use wirelab.bench.Client.$Properties instead.
         */
        interface IClient extends wirelab.bench.Client.$Properties {
        }

        /** Represents a Client. */
        class Client {

            /**
             * Constructs a new Client.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Client.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Client ip. */
            ip: string;

            /** Client userAgent. */
            userAgent: string;

            /** Client geo. */
            geo?: (wirelab.bench.Geo.$Properties|null);

            /**
             * Creates a new Client instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Client instance
             */
            static create(properties: wirelab.bench.Client.$Shape): wirelab.bench.Client & wirelab.bench.Client.$Shape;
            static create(properties?: wirelab.bench.Client.$Properties): wirelab.bench.Client;

            /**
             * Encodes the specified Client message. Does not implicitly {@link wirelab.bench.Client.verify|verify} messages.
             * @param message Client message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Client.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Client message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Client & wirelab.bench.Client.$Shape} Client
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Client & wirelab.bench.Client.$Shape;
        }

        namespace Client {

            /** Properties of a Client. */
            interface $Properties {

                /** Client ip */
                ip?: (string|null);

                /** Client userAgent */
                userAgent?: (string|null);

                /** Client geo */
                geo?: (wirelab.bench.Geo.$Properties|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Client. */
            type $Shape = wirelab.bench.Client.$Properties;
        }

        /**
         * Properties of a Geo.
         * @deprecated Use wirelab.bench.Geo.$Properties instead.
         */
        interface IGeo extends wirelab.bench.Geo.$Properties {
        }

        /** Represents a Geo. */
        class Geo {

            /**
             * Constructs a new Geo.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Geo.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Geo country. */
            country: string;

            /** Geo city. */
            city: string;

            /** Geo latitude. */
            latitude: number;

            /** Geo longitude. */
            longitude: number;

            /**
             * Creates a new Geo instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Geo instance
             */
            static create(properties: wirelab.bench.Geo.$Shape): wirelab.bench.Geo & wirelab.bench.Geo.$Shape;
            static create(properties?: wirelab.bench.Geo.$Properties): wirelab.bench.Geo;

            /**
             * Encodes the specified Geo message. Does not implicitly {@link wirelab.bench.Geo.verify|verify} messages.
             * @param message Geo message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Geo.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Geo message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Geo & wirelab.bench.Geo.$Shape} Geo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Geo & wirelab.bench.Geo.$Shape;
        }

        namespace Geo {

            /** Properties of a Geo. */
            interface $Properties {

                /** Geo country */
                country?: (string|null);

                /** Geo city */
                city?: (string|null);

                /** Geo latitude */
                latitude?: (number|null);

                /** Geo longitude */
                longitude?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Geo. */
            type $Shape = wirelab.bench.Geo.$Properties;
        }

        /**
         * Properties of a Span.
         * @deprecated Use wirelab.bench.Span.$Properties instead.
         */
        interface ISpan extends wirelab.bench.Span.$Properties {
        }

        /** Represents a Span. */
        class Span {

            /**
             * Constructs a new Span.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Span.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Span name. */
            name: string;

            /** Span startNs. */
            startNs: (number|Long);

            /** Span durationNs. */
            durationNs: (number|Long);

            /** Span attributes. */
            attributes: wirelab.bench.Attribute.$Properties[];

            /**
             * Creates a new Span instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Span instance
             */
            static create(properties: wirelab.bench.Span.$Shape): wirelab.bench.Span & wirelab.bench.Span.$Shape;
            static create(properties?: wirelab.bench.Span.$Properties): wirelab.bench.Span;

            /**
             * Encodes the specified Span message. Does not implicitly {@link wirelab.bench.Span.verify|verify} messages.
             * @param message Span message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Span.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Span message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Span & wirelab.bench.Span.$Shape} Span
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Span & wirelab.bench.Span.$Shape;
        }

        namespace Span {

            /** Properties of a Span. */
            interface $Properties {

                /** Span name */
                name?: (string|null);

                /** Span startNs */
                startNs?: (number|Long|null);

                /** Span durationNs */
                durationNs?: (number|Long|null);

                /** Span attributes */
                attributes?: (wirelab.bench.Attribute.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Span. */
            type $Shape = wirelab.bench.Span.$Properties;
        }

        /**
         * Properties of an Attribute.
         * @deprecated Use wirelab.bench.Attribute.$Properties instead.
         */
        interface IAttribute extends wirelab.bench.Attribute.$Properties {
        }

        /** Represents an Attribute. */
        class Attribute {

            /**
             * Constructs a new Attribute.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Attribute.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Attribute key. */
            key: string;

            /** Attribute value. */
            value: string;

            /**
             * Creates a new Attribute instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Attribute instance
             */
            static create(properties: wirelab.bench.Attribute.$Shape): wirelab.bench.Attribute & wirelab.bench.Attribute.$Shape;
            static create(properties?: wirelab.bench.Attribute.$Properties): wirelab.bench.Attribute;

            /**
             * Encodes the specified Attribute message. Does not implicitly {@link wirelab.bench.Attribute.verify|verify} messages.
             * @param message Attribute message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Attribute.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Attribute message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Attribute & wirelab.bench.Attribute.$Shape} Attribute
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Attribute & wirelab.bench.Attribute.$Shape;
        }

        namespace Attribute {

            /** Properties of an Attribute. */
            interface $Properties {

                /** Attribute key */
                key?: (string|null);

                /** Attribute value */
                value?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Attribute. */
            type $Shape = wirelab.bench.Attribute.$Properties;
        }

        /**
         * Properties of a Response.
         * @deprecated Use wirelab.bench.Response.$Properties instead.
         */
        interface IResponse extends wirelab.bench.Response.$Properties {
        }

        /** Represents a Response. */
        class Response {

            /**
             * Constructs a new Response.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Response.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Response code. */
            code: number;

            /** Response size. */
            size: (number|Long);

            /** Response headers. */
            headers: wirelab.bench.Header.$Properties[];

            /**
             * Creates a new Response instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Response instance
             */
            static create(properties: wirelab.bench.Response.$Shape): wirelab.bench.Response & wirelab.bench.Response.$Shape;
            static create(properties?: wirelab.bench.Response.$Properties): wirelab.bench.Response;

            /**
             * Encodes the specified Response message. Does not implicitly {@link wirelab.bench.Response.verify|verify} messages.
             * @param message Response message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Response.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Response message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Response & wirelab.bench.Response.$Shape} Response
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Response & wirelab.bench.Response.$Shape;
        }

        namespace Response {

            /** Properties of a Response. */
            interface $Properties {

                /** Response code */
                code?: (number|null);

                /** Response size */
                size?: (number|Long|null);

                /** Response headers */
                headers?: (wirelab.bench.Header.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Response. */
            type $Shape = wirelab.bench.Response.$Properties;
        }

        /**
         * Properties of a RowsResponse.
         * @deprecated Use wirelab.bench.RowsResponse.$Properties instead.
         */
        interface IRowsResponse extends wirelab.bench.RowsResponse.$Properties {
        }

        /** Represents a RowsResponse. */
        class RowsResponse {

            /**
             * Constructs a new RowsResponse.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.RowsResponse.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** RowsResponse fields. */
            fields: wirelab.bench.Field.$Properties[];

            /** RowsResponse rows. */
            rows: wirelab.bench.Row.$Properties[];

            /** RowsResponse gtid. */
            gtid: string;

            /** RowsResponse throttled. */
            throttled: boolean;

            /**
             * Creates a new RowsResponse instance using the specified properties.
             * @param [properties] Properties to set
             * @returns RowsResponse instance
             */
            static create(properties: wirelab.bench.RowsResponse.$Shape): wirelab.bench.RowsResponse & wirelab.bench.RowsResponse.$Shape;
            static create(properties?: wirelab.bench.RowsResponse.$Properties): wirelab.bench.RowsResponse;

            /**
             * Encodes the specified RowsResponse message. Does not implicitly {@link wirelab.bench.RowsResponse.verify|verify} messages.
             * @param message RowsResponse message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.RowsResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a RowsResponse message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.RowsResponse & wirelab.bench.RowsResponse.$Shape} RowsResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.RowsResponse & wirelab.bench.RowsResponse.$Shape;
        }

        namespace RowsResponse {

            /** Properties of a RowsResponse. */
            interface $Properties {

                /** RowsResponse fields */
                fields?: (wirelab.bench.Field.$Properties[]|null);

                /** RowsResponse rows */
                rows?: (wirelab.bench.Row.$Properties[]|null);

                /** RowsResponse gtid */
                gtid?: (string|null);

                /** RowsResponse throttled */
                throttled?: (boolean|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a RowsResponse. */
            type $Shape = wirelab.bench.RowsResponse.$Properties;
        }

        /**
         * Properties of a Field.
         * @deprecated Use wirelab.bench.Field.$Properties instead.
         */
        interface IField extends wirelab.bench.Field.$Properties {
        }

        /** Represents a Field. */
        class Field {

            /**
             * Constructs a new Field.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Field.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Field name. */
            name: string;

            /** Field type. */
            type: wirelab.bench.Type;

            /** Field table. */
            table: string;

            /** Field columnLength. */
            columnLength: number;

            /** Field flags. */
            flags: number;

            /**
             * Creates a new Field instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Field instance
             */
            static create(properties: wirelab.bench.Field.$Shape): wirelab.bench.Field & wirelab.bench.Field.$Shape;
            static create(properties?: wirelab.bench.Field.$Properties): wirelab.bench.Field;

            /**
             * Encodes the specified Field message. Does not implicitly {@link wirelab.bench.Field.verify|verify} messages.
             * @param message Field message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Field.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Field message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Field & wirelab.bench.Field.$Shape} Field
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Field & wirelab.bench.Field.$Shape;
        }

        namespace Field {

            /** Properties of a Field. */
            interface $Properties {

                /** Field name */
                name?: (string|null);

                /** Field type */
                type?: (wirelab.bench.Type|null);

                /** Field table */
                table?: (string|null);

                /** Field columnLength */
                columnLength?: (number|null);

                /** Field flags */
                flags?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Field. */
            type $Shape = wirelab.bench.Field.$Properties;
        }

        /** Type enum. */
        enum Type {

            /** TYPE_UNSPECIFIED value */
            TYPE_UNSPECIFIED = 0,

            /** TYPE_INT64 value */
            TYPE_INT64 = 1,

            /** TYPE_VARCHAR value */
            TYPE_VARCHAR = 2,

            /** TYPE_BLOB value */
            TYPE_BLOB = 3,

            /** TYPE_DOUBLE value */
            TYPE_DOUBLE = 4
        }

        /**
         * Properties of a Row.
         * @deprecated Use wirelab.bench.Row.$Properties instead.
         */
        interface IRow extends wirelab.bench.Row.$Properties {
        }

        /** Represents a Row. */
        class Row {

            /**
             * Constructs a new Row.
             * @param [properties] Properties to set
             */
            constructor(properties?: wirelab.bench.Row.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Row lengths. */
            lengths: (number|Long)[];

            /** Row values. */
            values: Uint8Array;

            /**
             * Creates a new Row instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Row instance
             */
            static create(properties: wirelab.bench.Row.$Shape): wirelab.bench.Row & wirelab.bench.Row.$Shape;
            static create(properties?: wirelab.bench.Row.$Properties): wirelab.bench.Row;

            /**
             * Encodes the specified Row message. Does not implicitly {@link wirelab.bench.Row.verify|verify} messages.
             * @param message Row message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: wirelab.bench.Row.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Row message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {wirelab.bench.Row & wirelab.bench.Row.$Shape} Row
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wirelab.bench.Row & wirelab.bench.Row.$Shape;
        }

        namespace Row {

            /** Properties of a Row. */
            interface $Properties {

                /** Row lengths */
                lengths?: ((number|Long)[]|null);

                /** Row values */
                values?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Row. */
            type $Shape = wirelab.bench.Row.$Properties;
        }
    }
}
