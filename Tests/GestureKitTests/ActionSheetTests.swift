import Testing
@testable import GestureKit

@Suite("Action sheet")
struct ActionSheetTests {
    let harness = ViewInWindow(size: Size(width: 400, height: 600), placesView: false)
    let page = ViewController()
    var chosen: [String] = []

    init() {
        harness.window.rootViewController = page
        _ = harness.window.takeDamage()
    }

    /// A sheet with one action, presented by `page` and laid out.
    func present(onChoose: @escaping () -> Void = {}) -> ActionSheet {
        let sheet = ActionSheet(title: "Shake to undo", actions: [.init(title: "Undo", handler: onChoose)])
        page.present(sheet)
        _ = harness.window.takeDamage()
        return sheet
    }

    func centre(of view: View) -> Point { view.convert(view.bounds.center, to: nil) }

    @Test("a tap on the dimmed area dismisses the sheet and runs no action")
    func tapOutsideDismisses() {
        var ran = false, dismissed = 0
        let sheet = present { ran = true }
        sheet.onDismiss = { dismissed += 1 }
        harness.tap(200, 50)
        #expect(!sheet.isPresented && page.presentedSheet == nil)
        #expect(!ran && dismissed == 1)
    }

    @Test("a tap on the panel between its buttons keeps the sheet")
    func tapOnPanelKeeps() throws {
        let sheet = present()
        let panel = sheet.convert(sheet.panelFrame, to: nil)
        harness.tap(panel.midX, panel.minY + 10)
        #expect(sheet.isPresented)
    }

    @Test("a touch that starts on the panel and ends on the dimmed area keeps the sheet")
    func dragOutKeeps() {
        let sheet = present()
        let panel = sheet.convert(sheet.panelFrame, to: nil)
        harness.down(0, panel.midX, panel.minY + 10); harness.frame()
        harness.move(0, 200, 50); harness.frame()
        harness.up(0); harness.frame()
        #expect(sheet.isPresented)
    }

    @Test("choosing a button dismisses the sheet and runs its action")
    func buttonRunsAction() throws {
        var ran = false
        let sheet = present { ran = true }
        let button = try #require(sheet.view(named: "Undo"))
        let p = centre(of: button)
        harness.tap(p.x, p.y)
        #expect(ran && !sheet.isPresented)
    }

    @Test("the sheet sits above its controller's view, not in it, so the view's recognizers never see its touches")
    func aboveNotInside() {
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        page.view.addGestureRecognizer(tap)
        let sheet = present()
        #expect(sheet.superview === harness.window && !sheet.isDescendant(of: page.view))
        #expect(sheet.frame == page.view.frame)
        let panel = sheet.convert(sheet.panelFrame, to: nil)
        harness.tap(panel.midX, panel.minY + 10)
        harness.wait(1)
        #expect(taps == 0)
    }

    @Test("the sheet follows its view's size")
    func followsSize() {
        let sheet = present()
        harness.window.resize(to: Size(width: 700, height: 500))
        _ = harness.window.takeDamage()
        #expect(sheet.frame == Rect(x: 0, y: 0, width: 700, height: 500))
        let panel = sheet.panelFrame
        #expect(panel.maxY == 500 - 16 && panel.midX == 350)
    }

    @Test("in a short window the rows pack together but every button stays at least 44 px high")
    func shortWindow() throws {
        harness.window.resize(to: Size(width: 400, height: 160))
        let sheet = present()
        for name in ["Undo", "Cancel"] {
            let button = try #require(sheet.view(named: name))
            #expect(button.bounds.height >= 44)
        }
    }

    @Test("presenting a second sheet dismisses the first")
    func secondSheetReplacesFirst() {
        let first = present()
        let second = present()
        #expect(!first.isPresented && second.isPresented && page.presentedSheet === second)
    }
}
