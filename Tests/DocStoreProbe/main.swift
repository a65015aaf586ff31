import DocStore
import Foundation

// A helper the store tests start as separate processes (DB is a file path or a postgres:// URL):
//   DocStoreProbe count DB COUNT      COUNT transactions: read counters/main, write count+1,
//                                     add one row to counters/main/rows
//   DocStoreProbe write-loop DB       commits notes/{n} forever, printing each id after commit
//   DocStoreProbe set DB PATH FIELD VALUE   one setData(merge: true) of a string field
//   DocStoreProbe toggle-like DB UID TWEET COUNT   COUNT like/unlike toggles of tweets/TWEET by
//                                     UID, each one transaction as the services write it
//   DocStoreProbe listen DB PATH      prints "ready", then the time (seconds since 1970) and
//                                     the value of field "n" each time the document changes

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: DocStoreProbe count|write-loop|set DB ...") }

/// One line to standard output at once (unbuffered, so the test reading the pipe sees it now).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

do {
    let store = try DocumentStore.open(location: arguments[1], executor: .immediate)
    switch arguments[0] {
    case "count":
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
        let counter = store.document("counters/main")
        for _ in 0..<count {
            try store.runTransaction { tx in
                let current = try tx.get(counter).get("count")?.intValue ?? 0
                try tx.setData(["count": .int(current + 1)], forDocument: counter, merge: true)
                try tx.setData(
                    ["at": .serverTimestamp, "pid": .int(Int(getpid()))],
                    forDocument: counter.collection("rows").document())
            }
        }
    case "write-loop":
        var n = 0
        while true {
            n += 1
            let id = "\(getpid())-\(n)"
            let batch = store.batch()
            batch.setData(
                ["n": .int(n), "text": .string(String(repeating: "x", count: 200))],
                forDocument: store.document("notes/\(id)"))
            batch.setData(["written": .increment(1)], forDocument: store.document("counters/notes"), merge: true)
            try batch.commit()
            say(id)
        }
    case "set" where arguments.count == 5:
        try store.document(arguments[2]).setData([arguments[3]: .string(arguments[4])], merge: true)
    case "toggle-like" where arguments.count == 5:
        let tweet = store.document("tweets/\(arguments[3])")
        let like = store.document("users/\(arguments[2])/user-likes/\(arguments[3])")
        for _ in 0..<(Int(arguments[4]) ?? 0) {
            try store.runTransaction { tx in
                guard try tx.get(tweet).exists else { throw StoreError.notFound(arguments[3]) }
                if try tx.get(like).exists {
                    try tx.deleteDocument(like)
                    try tx.updateData(["likes": .increment(-1)], forDocument: tweet)
                } else {
                    try tx.setData(["likedAt": .serverTimestamp], forDocument: like)
                    try tx.updateData(["likes": .increment(1)], forDocument: tweet)
                }
            }
        }
    case "listen" where arguments.count == 3:
        let registration = try store.document(arguments[2]).addSnapshotListener { snapshot in
            say(String(format: "%.6f", Date().timeIntervalSince1970) + " " + (snapshot.get("n").map { "\($0)" } ?? "-"))
        }
        say("ready")
        try withExtendedLifetime(registration) {
            while true {
                try store.pollExternalChanges()
                usleep(1000)
            }
        }
    default:
        fail("unknown command \(arguments[0])")
    }
    store.close()
} catch {
    fail("\(error)")
}
