import Domain
import Faces
import Foundation
import Testing

@testable import ViewModels

/// The profile form's Picture file: a file becomes the profile's face, `none` removes it,
/// and a refused file is the field's error with nothing written.
@Suite struct ProfilePictureFieldTests {
    func editPicture(_ world: World, _ model: ProfileViewModel, _ text: String) {
        model.startEdit()
        let index = model.state.form?.fields.firstIndex { $0.field == .picture } ?? 0
        model.focusField(index)
        model.editField(.insert(text))
        model.submitForm()
        world.settle()
        world.settle()
    }

    @Test func aPictureFileBecomesTheFaceAndNoneRemovesIt() throws {
        let world = try World()
        try world.signUp("painter")
        let model = ProfileViewModel(accounts: world.adapters, feed: world.adapters, work: world.work)
        model.start()
        let face = AvatarDataURL.encode(FacePixels(side: 32, rgb: [UInt8](repeating: 200, count: 32 * 32 * 3)))
        let file = NSTemporaryDirectory() + "tern-face-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(base64Encoded: String(face.dropFirst(AvatarDataURL.prefix.count)))!.write(
            to: URL(fileURLWithPath: file))

        editPicture(world, model, file)
        #expect(model.state.form == nil)
        #expect(model.state.user?.avatar == face)
        #expect(try world.services.auth.currentUser()?.avatar == face)

        editPicture(world, model, "none")
        #expect(try world.services.auth.currentUser()?.avatar == nil)
    }

    @Test func aRefusedPictureIsTheFieldsErrorAndNothingIsWritten() throws {
        let world = try World()
        try world.signUp("painter", bio: "kept")
        let model = ProfileViewModel(accounts: world.adapters, feed: world.adapters, work: world.work)
        model.start()
        let file = NSTemporaryDirectory() + "tern-notface-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: file))

        editPicture(world, model, file)
        let form = try #require(model.state.form)
        let field = try #require(form.fields.first { $0.field == .picture })
        #expect(field.error == PictureError.unknownFormat.description)
        #expect(form.isBusy == false)
        #expect(try world.services.auth.currentUser()?.avatar == nil)
    }
}
