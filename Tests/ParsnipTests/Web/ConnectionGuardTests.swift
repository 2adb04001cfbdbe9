import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import XCTest

@testable import Parsnip

/// The guard in front of the HTTP decoder and the progress handler behind it, on a virtual clock: which waits for
/// the client end the connection and when, HTTP/0.9, early answers and refused connections.
final class ConnectionGuardTests: XCTestCase {
    func testHeadersMustArriveWithinTheHeaderTimeoutFromOpeningHoweverTheyTrickle() throws {
        let connection = try GuardedConnection()
        try connection.send("GET / HTTP/1.1\r\nX-Slow: ")
        for _ in 0..<2 {
            connection.advance(seconds: 10)
            try connection.send("a")
        }
        connection.advance(seconds: 9.9)
        XCTAssertTrue(connection.isOpen, "29.9 s after opening")
        connection.advance(seconds: 0.1)
        XCTAssertFalse(connection.isOpen, "30 s after opening, though a byte came 10 s ago")
    }

    func testAKeptAliveConnectionWithoutARequestClosesAfterTheIdleTimeoutNotBefore() throws {
        let connection = try GuardedConnection()
        try connection.request(ending: true)
        try connection.answer()
        connection.advance(seconds: 74.9)
        XCTAssertTrue(connection.isOpen)
        connection.advance(seconds: 0.1)
        XCTAssertFalse(connection.isOpen)
    }

    func testAfterAnIdleSpellTheNextHeadGetsTheHeaderTimeoutFromItsFirstByte() throws {
        let connection = try GuardedConnection()
        try connection.request(ending: true)
        try connection.answer()
        connection.advance(seconds: 60)
        try connection.send("G")
        connection.advance(seconds: 20)
        try connection.send("ET / HTTP/1.1\r\n")
        connection.advance(seconds: 9.9)
        XCTAssertTrue(connection.isOpen, "89.9 s: past the idle timeout, within the head's own 30 s")
        connection.advance(seconds: 0.1)
        XCTAssertFalse(connection.isOpen, "30 s after the head's first byte")
    }

    func testABodyThatStopsArrivingIsClosedAfterTheBodyTimeoutCountedFromItsLastByte() throws {
        let connection = try GuardedConnection()
        try connection.request(ending: false)
        connection.channel.read()
        connection.advance(seconds: 20)
        try connection.send("title=milk")
        connection.channel.read()
        connection.advance(seconds: 29.9)
        XCTAssertTrue(connection.isOpen)
        connection.advance(seconds: 0.1)
        XCTAssertFalse(connection.isOpen)
    }

    func testNoTimeoutRunsWhileTheServerIsStillAnswering() throws {
        let connection = try GuardedConnection()
        try connection.request(ending: true)
        connection.advance(seconds: 600)
        XCTAssertTrue(connection.isOpen)
        try connection.answer()
        connection.advance(seconds: 75)
        XCTAssertFalse(connection.isOpen)
    }

    func testAnAnswerBeforeTheBodyIsReadSaysCloseAndTheRestOfTheBodyIsNotDecoded() throws {
        let connection = try GuardedConnection()
        try connection.send("POST /todos HTTP/1.1\r\n\r\ntitle=")
        try connection.request(ending: false)
        let head = try connection.answerHead(status: .contentTooLarge)
        XCTAssertEqual(head.headerFields[.connection], "close")
        try connection.send(String(repeating: "a", count: 1000))
        XCTAssertEqual(connection.decodedBytes, "POST /todos HTTP/1.1\r\n\r\ntitle=", "nothing after the answer began")
    }

    func testAnAnswerAfterTheWholeBodyKeepsTheConnectionUnlessTheClientAskedToClose() throws {
        let connection = try GuardedConnection()
        try connection.request(ending: true)
        XCTAssertNil(try connection.answerHead(status: .seeOther).headerFields[.connection])
        try connection.answerEnd()
        XCTAssertTrue(connection.isOpen)
        try connection.request(ending: true, fields: [.connection: "keep-alive, Close"])
        XCTAssertEqual(try connection.answerHead(status: .ok).headerFields[.connection], "close")
    }

    func testAnHTTP09RequestLineClosesTheConnectionAtOnce() throws {
        let http11 = try GuardedConnection()
        try http11.send("GET / HTTP/1.1\r\n")
        XCTAssertTrue(http11.isOpen)
        let http09 = try GuardedConnection()
        try http09.send("GET /\r\n")
        XCTAssertFalse(http09.isOpen)
        XCTAssertEqual(http09.decodedBytes, "", "the decoder never saw the line")
        let trickled = try GuardedConnection()
        for piece in ["GET", " /", "\r"] {
            try trickled.send(piece)
            XCTAssertTrue(trickled.isOpen, "open after \(piece.debugDescription)")
        }
        try trickled.send("\n")
        XCTAssertFalse(trickled.isOpen)
    }

    func testARefusedConnectionIsAnswered503WithConnectionCloseAndNothingItSendsIsDecoded() throws {
        let connection = try GuardedConnection(role: .refusing)
        try? connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let written = try XCTUnwrap(connection.channel.readOutbound(as: IOData.self))
        guard case .byteBuffer(let buffer) = written else { return XCTFail("expected bytes, got \(written)") }
        let text = String(buffer: buffer)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), text)
        XCTAssertTrue(text.contains("\r\nConnection: close\r\n"), text)
        XCTAssertEqual(connection.decodedBytes, "")
    }

    func testAConnectionDroppedWhileTooManyRefusalsLingerIsClosedAtOnceUnanswered() throws {
        let connection = try GuardedConnection(role: .dropping)
        XCTAssertFalse(connection.isOpen)
        XCTAssertNil(try connection.channel.readOutbound(as: IOData.self))
    }
}

/// A guarded connection on an embedded channel. The HTTP decoder is played by `DecoderStandIn`, which keeps the
/// bytes it is given; the test hands the progress handler the parts those bytes would have decoded to.
private final class GuardedConnection {
    let channel = EmbeddedChannel()
    private let standIn = DecoderStandIn()

    init(role: ConnectionGuard.Role = .serving) throws {
        let connectionGuard = ConnectionGuard(
            role: role, limits: ConnectionLimits(openFileLimit: 4096), logger: Logger(label: "test"))
        try channel.pipeline.syncOperations.addHandlers([
            connectionGuard, standIn, RequestProgressHandler(connection: connectionGuard),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "192.168.1.5", port: 50_000)).wait()
    }

    var isOpen: Bool { channel.isActive }
    var decodedBytes: String { standIn.received }

    func send(_ text: String) throws { try channel.writeInbound(ByteBuffer(string: text)) }

    func advance(seconds: Double) { channel.embeddedEventLoop.advanceTime(by: .nanoseconds(Int64(seconds * 1e9))) }

    /// What the decoder passes on for a request: its head, and its end when the body has been read.
    func request(ending: Bool, fields: HTTPFields = [:]) throws {
        let head = HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/todos", headerFields: fields)
        try standIn.decoded(.head(head))
        if ending { try standIn.decoded(.end(nil)) }
    }

    @discardableResult
    func answerHead(status: HTTPResponse.Status) throws -> HTTPResponse {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: status)))
        guard case .head(let head) = try XCTUnwrap(channel.readOutbound(as: HTTPResponsePart.self)) else {
            throw ChannelError.inappropriateOperationForState
        }
        return head
    }

    func answerEnd() throws {
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try channel.readOutbound(as: HTTPResponsePart.self)
    }

    func answer() throws {
        try answerHead(status: .ok)
        try answerEnd()
    }
}

/// Takes the HTTP decoder's place: swallows the bytes (keeping them as text) and passes on the parts it is told to.
private final class DecoderStandIn: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = HTTPRequestPart
    private(set) var received = ""
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += String(buffer: unwrapInboundIn(data))
    }

    func decoded(_ part: HTTPRequestPart) throws {
        let context = try XCTUnwrap(context)
        context.fireChannelRead(wrapInboundOut(part))
    }
}
