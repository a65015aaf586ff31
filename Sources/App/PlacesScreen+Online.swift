import Localization
import TerminalUI
import ViewModels

/// The online providers' part of Places: the status line under the list (how to add a
/// provider, a request out, a failure, or the legend of the rows' marks), the category
/// picker, and the detail pane's lines for an online place.
extension PlacesScreen {
    /// Nil where no online providers are wired at all.
    func onlineStatus() -> Line? {
        let online = state.online
        guard online.isConfigured else {
            guard !online.configFile.isEmpty else { return nil }
            return Line([Span(tr(.placesOnlineOff, ["file": online.configFile]), style: Theme.dim)])
        }
        if let notice = online.notice {
            return Line([Span(notice, style: Theme.current.toast(.error))])
        }
        if !online.searching.isEmpty {
            return Line([
                Span(
                    tr(.placesOnlineSearching, ["providers": online.searching.joined(separator: ", ")]),
                    style: Theme.label)
            ])
        }
        var spans: [Span] = []
        for provider in online.providers {
            if !spans.isEmpty { spans.append(Span(" · ", style: Theme.dim)) }
            spans.append(Span(provider.mark, style: Theme.label))
            let name =
                provider.searchesAsYouType ? provider.name : tr(.placesOnlineOnEnter, ["provider": provider.name])
            spans.append(Span(" " + name, style: Theme.dim))
        }
        return Line(spans)
    }

    /// `카페 near home` while a category is searched.
    func categoryTitle() -> String? {
        guard let category = state.online.category else { return nil }
        if let place = state.online.centerName {
            return tr(.placesCategoryNear, ["category": category.name, "place": place])
        }
        return tr(.placesCategoryNearHome, ["category": category.name])
    }

    /// The categories in a box over the bottom of the list.
    func drawCategoryPicker(in body: Rect, into buffer: inout Buffer) {
        let categories = state.online.categories
        let height = min(min(categories.count, 10) + 3, max(0, body.height - 1))
        guard height >= 4, let selected = state.online.pickerSelection else { return }
        let area = body.split(bottom: height).bottom
        buffer.fill(area)
        let title =
            state.query.isEmpty || state.selectedRow == nil
            ? tr(.pickCategoryNearHome)
            : tr(.pickCategoryNear, ["place": state.selectedRow?.place.shownName ?? ""])
        let box = BoxView(title: title, style: Theme.current.border)
        box.render(in: area, into: &buffer)
        drawChoices(
            categories.map { (nil, "\($0.name)  \($0.code)") }, selected: selected, in: box.inner(of: area),
            into: &buffer)
    }

    /// Category, road address, phone, page and provider of an online place (a saved copy
    /// shown without its provider has all but the provider).
    func onlineDetailLines(_ place: PlaceInfo) -> [Line] {
        var lines: [Line] = []
        func add(_ label: TextKey, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append(Line([Span("  \(tr(label)) ", style: Theme.dim), Span(value)]))
        }
        add(.placesCategory, place.category.map(CategoryNames.localized))
        add(.placesRoadAddress, place.roadAddress)
        add(.placesPhone, place.phone)
        add(.placesWeb, place.url)
        if let mark = place.sourceMark {
            add(.placesSource, state.online.providers.first { $0.mark == mark }?.name ?? mark)
        }
        return lines
    }
}

extension PlaceInfo {
    /// The last step of a provider's category path (`음식점 > 카페 > 커피전문점` → `커피전문점`), in the
    /// interface's language (`attraction` → `관광명소`).
    var shortCategory: String? {
        guard let category, let last = category.split(separator: ">").last else { return nil }
        let text = last.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : CategoryNames.localized(text)
    }
}
