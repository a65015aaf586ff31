import Foundation
import Testing

@testable import Domain

@Suite struct ValidationTests {
    @Test(arguments: [
        ("name@example.com", "name@example.com"),
        ("  Name.Last+tag@Example.CO.kr \n", "name.last+tag@example.co.kr"),
        ("seoyeon_kim@mail.naver.com", "seoyeon_kim@mail.naver.com"),
        ("a@b.io", "a@b.io"),
        ("x-y@sub-domain.example.org", "x-y@sub-domain.example.org"),
    ])
    func validEmails(input: String, normalised: String) throws {
        #expect(try Validation.email(input) == normalised)
    }

    @Test(arguments: [
        "", "   ", "plain", "@example.com", "name@", "name@example", "name@@example.com",
        "na me@example.com", "name@exa mple.com", "name@example.c", "name@example.123",
        "name@-example.com", "name@example-.com", "name@.example.com", "name@example..com",
        ".name@example.com", "name.@example.com", "na..me@example.com", "name@exam_ple.com",
        "name\u{1B}@example.com", "a@b@c.com", "name<x>@example.com",
    ])
    func invalidEmails(input: String) {
        #expect(throws: ValidationError.emailInvalid) { try Validation.email(input) }
    }

    @Test func longEmailRejected() {
        let email =
            String(repeating: "a", count: 63) + "@" + String(repeating: "b", count: 63) + "."
            + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 63) + ".com"
        #expect(email.count > 254)
        #expect(throws: ValidationError.emailTooLong) { try Validation.email(email) }
    }

    @Test(
        arguments: [
            ("12345678", nil),
            ("비밀번호비밀번호", nil),
            (" spaces ", nil),
            ("1234567", ValidationError.passwordTooShort),
            ("", ValidationError.passwordTooShort),
            ("🔑🔑🔑🔑🔑🔑🔑", ValidationError.passwordTooShort),
            (String(repeating: "p", count: 1024), nil),
            (String(repeating: "p", count: 1025), ValidationError.passwordTooLong),
        ] as [(String, ValidationError?)])
    func passwords(input: String, expected: ValidationError?) {
        if let expected {
            #expect(throws: expected) { try Validation.password(input) }
        } else {
            #expect(throws: Never.self) { try Validation.password(input) }
        }
    }

    @Test(arguments: [
        ("seoyeon", "seoyeon"), ("SeoYeon", "seoyeon"), (" abc ", "abc"), ("a_1", "a_1"),
        ("___", "___"), ("abcdefghijklmno", "abcdefghijklmno"), ("123", "123"),
    ])
    func validUsernames(input: String, stored: String) throws {
        #expect(try Validation.username(input) == stored)
    }

    @Test(arguments: [
        "", "ab", "abcdefghijklmnop", "seo-yeon", "seo.yeon", "seo yeon", "서연", "séoyeon",
        "abc\u{0}", "ａｂｃ", "abc\u{1B}[31m", "a\u{200D}bc",
    ])
    func invalidUsernames(input: String) {
        #expect(throws: ValidationError.usernameInvalid) { try Validation.username(input) }
    }

    @Test func usernameMessage() {
        #expect(ValidationError.usernameInvalid.description == "Username must be 3 to 15 characters: a-z, 0-9 and _")
    }

    @Test(
        arguments: [
            ("김서연", "김서연", nil),
            ("  Min-jun Park  ", "Min-jun Park", nil),
            ("🦊", "🦊", nil),
            (String(repeating: "가", count: 50), String(repeating: "가", count: 50), nil),
            (String(repeating: "👩‍👩‍👧", count: 50), String(repeating: "👩‍👩‍👧", count: 50), nil),
            (String(repeating: "가", count: 51), nil, ValidationError.displayNameTooLong),
            ("", nil, ValidationError.displayNameEmpty),
            ("   \n ", nil, ValidationError.displayNameEmpty),
            ("Kim\nSeoyeon", nil, ValidationError.controlCharacter(field: .displayName)),
            ("Evil\u{1B}[2J", nil, ValidationError.controlCharacter(field: .displayName)),
            ("abc\u{202E}cba", nil, ValidationError.controlCharacter(field: .displayName)),
            ("tab\there", nil, ValidationError.controlCharacter(field: .displayName)),
        ] as [(String, String?, ValidationError?)])
    func displayNames(input: String, stored: String?, expected: ValidationError?) throws {
        if let expected {
            #expect(throws: expected) { try Validation.displayName(input) }
        } else {
            #expect(try Validation.displayName(input) == stored)
        }
    }

    @Test(
        arguments: [
            ("", "", nil),
            ("  서울에서 커피 마시는 중 ☕️  ", "서울에서 커피 마시는 중 ☕️", nil),
            (String(repeating: "b", count: 160), String(repeating: "b", count: 160), nil),
            (String(repeating: "🇰🇷", count: 160), String(repeating: "🇰🇷", count: 160), nil),
            (String(repeating: "b", count: 161), nil, ValidationError.bioTooLong),
            ("line\nbreak", nil, ValidationError.controlCharacter(field: .bio)),
            ("bell\u{7}", nil, ValidationError.controlCharacter(field: .bio)),
            ("c1\u{9B}31m", nil, ValidationError.controlCharacter(field: .bio)),
        ] as [(String, String?, ValidationError?)])
    func bios(input: String, stored: String?, expected: ValidationError?) throws {
        if let expected {
            #expect(throws: expected) { try Validation.bio(input) }
        } else {
            #expect(try Validation.bio(input) == stored)
        }
    }

    @Test(
        arguments: [
            ("hi", "hi", nil),
            ("  한강 산책 🌉  \n", "한강 산책 🌉", nil),
            ("first line\nsecond line", "first line\nsecond line", nil),
            (String(repeating: "😀", count: 280), String(repeating: "😀", count: 280), nil),
            (String(repeating: "한", count: 280), String(repeating: "한", count: 280), nil),
            (String(repeating: "👨‍👩‍👧‍👦", count: 280), String(repeating: "👨‍👩‍👧‍👦", count: 280), nil),
            ("   " + String(repeating: "a", count: 280) + "   ", String(repeating: "a", count: 280), nil),
            (String(repeating: "😀", count: 281), nil, ValidationError.postTooLong(count: 281)),
            (String(repeating: "한", count: 281), nil, ValidationError.postTooLong(count: 281)),
            ("", nil, ValidationError.postEmpty),
            (" \n\t ", nil, ValidationError.postEmpty),
            ("red \u{1B}[31malert", nil, ValidationError.controlCharacter(field: .post)),
            ("nul\u{0}byte", nil, ValidationError.controlCharacter(field: .post)),
            ("tab\tinside", nil, ValidationError.controlCharacter(field: .post)),
            ("cr\rinside", nil, ValidationError.controlCharacter(field: .post)),
            ("del\u{7F}", nil, ValidationError.controlCharacter(field: .post)),
            ("c1 \u{85} next line", nil, ValidationError.controlCharacter(field: .post)),
            ("bidi \u{202E}txet", nil, ValidationError.controlCharacter(field: .post)),
            ("isolate \u{2066}x\u{2069}", nil, ValidationError.controlCharacter(field: .post)),
            ("sep\u{2028}arator", nil, ValidationError.controlCharacter(field: .post)),
        ] as [(String, String?, ValidationError?)])
    func postTexts(input: String, stored: String?, expected: ValidationError?) throws {
        if let expected {
            #expect(throws: expected) { try Validation.postText(input) }
        } else {
            #expect(try Validation.postText(input) == stored)
        }
    }

    @Test func charactersLeft() {
        #expect(Validation.postCharactersLeft("") == 280)
        #expect(Validation.postCharactersLeft("서울 🌉") == 276)
        #expect(Validation.postCharactersLeft(String(repeating: "x", count: 300)) == -20)
    }

    @Test(arguments: SignInRequired.Action.allCases)
    func signInMessagesSaySignIn(action: SignInRequired.Action) {
        let message = SignInRequired(action).description
        #expect(message.hasPrefix("Sign in to "))
        #expect(!message.contains("\n"))
    }

    @Test func signInMessages() {
        #expect(SignInRequired(.saveFavorites).description == "Sign in to save favorites")
        #expect(SignInRequired(.likePosts).description == "Sign in to like posts")
        #expect(SignInRequired(.post).description == "Sign in to post")
        #expect(SignInRequired(.editProfile).description == "Sign in to edit your profile")
    }

    @Test func messagesAreOneLine() {
        let all: [ValidationError] = [
            .emailInvalid, .emailTooLong, .passwordTooShort, .passwordTooLong, .usernameInvalid,
            .displayNameEmpty, .displayNameTooLong, .bioTooLong, .postEmpty, .postTooLong(count: 300),
            .controlCharacter(field: .post),
        ]
        for error in all {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
            #expect(error.description.count <= 80)
        }
    }
}
