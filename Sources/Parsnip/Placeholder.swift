import Hummingbird
import Mustache
import ParseStore
