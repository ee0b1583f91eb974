import Testing
@testable import GestureKit

@Suite("Tab bar controller")
struct TabBarControllerTests {
    final class Page: ViewController {
        let minimum: Size
        init(title: String, minimum: Size) {
            self.minimum = minimum
            super.init()
            self.title = title
        }
        override var minimumContentSize: Size { minimum }
    }

    let harness = ViewInWindow(size: Size(width: 600, height: 400), placesView: false)
    let tabs = TabBarController()
    let pages = [Page(title: "One", minimum: Size(width: 300, height: 480)),
                 Page(title: "Two", minimum: Size(width: 360, height: 200))]

    init() {
        tabs.viewControllers = pages
        harness.window.rootViewController = tabs
        _ = harness.window.takeDamage()
    }

    func presentSheet(on page: ViewController) -> ActionSheet {
        let sheet = ActionSheet(title: "Sheet", actions: [])
        page.present(sheet)
        _ = harness.window.takeDamage()
        return sheet
    }

    @Test("switching page dismisses the sheet the previous page presented")
    func switchDismisses() {
        let sheet = presentSheet(on: pages[0])
        tabs.selectedIndex = 1
        #expect(!sheet.isPresented && pages[0].presentedSheet == nil)
    }

    @Test("with a sheet open, a tap on a tab switches the page and dismisses the sheet")
    func tabTapWithSheet() {
        let sheet = presentSheet(on: pages[0])
        let tab = tabs.tabBar.convert(tabs.tabBar.tabFrame(1).center, to: nil)
        harness.tap(tab.x, tab.y)
        #expect(tabs.selectedIndex == 1)
        #expect(!sheet.isPresented)
    }

    @Test("the minimum content size is the largest of the pages', and room for a 44 px tab each")
    func minimumSize() {
        #expect(tabs.minimumContentSize == Size(width: 360, height: 480))
        let many = TabBarController()
        many.viewControllers = (0..<10).map { Page(title: "\($0)", minimum: .zero) }
        #expect(many.minimumContentSize == Size(width: 440, height: TabBar.height))
    }

    @Test("tab titles too long for their tab shrink instead of running into the next")
    func longTitlesShrink() throws {
        harness.window.textMeasurer = HalfEmMeasurer()
        tabs.viewControllers = [Page(title: "A very long page title", minimum: .zero),
                                Page(title: "Another very long title", minimum: .zero)]
        harness.window.resize(to: Size(width: 360, height: 400))
        _ = harness.window.takeDamage()
        let labels = tabs.tabBar.subviews.compactMap { $0 as? Label }
        try #require(labels.count == 2)
        for (i, label) in labels.enumerated() {
            let text = label.convert(label.textFrame, to: tabs.tabBar)
            #expect(!label.isTruncated)
            #expect(text.minX >= tabs.tabBar.tabFrame(i).minX && text.maxX <= tabs.tabBar.tabFrame(i).maxX)
        }
    }
}
