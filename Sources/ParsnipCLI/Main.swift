import ArgumentParser
import Parsnip
@main struct Main { static func main() {} }
